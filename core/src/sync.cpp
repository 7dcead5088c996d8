#include "rmarace/core/sync.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

namespace {
// Next waits are looked up in a short per-rank history; older steps are only needed when a
// completion notice arrives long after the wait that made it known, which the delivery guarantee
// rules out. Answers from a truncated history err towards longer regions. A log is trimmed by
// this many steps at once when it holds twice as many, so that a step costs no copy of the log.
constexpr std::size_t kKnowledgeLogLength = 64;
// The grown components are kept with repeats until they are taken; a process that learns often
// and takes rarely keeps each once past this many.
constexpr std::size_t kAdvancedCompaction = 1024;

void keepEachOnce(std::vector<ClockSlot> &slots) {
  std::sort(slots.begin(), slots.end());
  slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
}

std::size_t indexOf(const GroupView &g, Rank r) {
  auto it = std::find(g.members.begin(), g.members.end(), r);
  assert(it != g.members.end());
  return static_cast<std::size_t>(it - g.members.begin());
}
} // namespace

void ResourcePayload::mergeFrom(const ResourcePayload &other) {
  if (clock.size() == 0) {
    *this = other;
    return;
  }
  clock.merge(other.clock);
  for (std::size_t i = 0; i < sentToDeposition.size() && i < other.sentToDeposition.size(); ++i)
    sentToDeposition[i] = std::max(sentToDeposition[i], other.sentToDeposition[i]);
}

namespace {
// Positions in a packed fixed part.
constexpr std::size_t kFixedClockSize = 0;
constexpr std::size_t kFixedMembers = 1;
constexpr std::size_t kFixedThreadsPerRank = 2;
constexpr std::size_t kFixedHeader = 3;

// The word of thread `slot` in the threads part (threads 1 to t of rank r at r * t).
std::size_t threadWord(ClockSlot slot, std::size_t threadsPerRank) {
  return static_cast<std::size_t>(slot.rank) * threadsPerRank + slot.thread - 1;
}
} // namespace

std::vector<uint64_t> CollectiveContribution::packFixed(std::size_t threadsPerRank) const {
  std::size_t n = clock.size();
  std::vector<uint64_t> v;
  v.reserve(kFixedHeader + n + sentToMember.size() + n * threadsPerRank + 2);
  v.push_back(n);
  v.push_back(sentToMember.size());
  v.push_back(threadsPerRank);
  v.insert(v.end(), clock.entries().begin(), clock.entries().end());
  v.insert(v.end(), sentToMember.begin(), sentToMember.end());
  std::size_t threads = v.size();
  v.resize(threads + n * threadsPerRank, 0);
  for (const ThreadEntry &e : clock.threadEntries())
    if (static_cast<std::size_t>(e.slot.rank) < n && e.slot.thread <= threadsPerRank)
      v[threads + threadWord(e.slot, threadsPerRank)] = e.epoch;
  v.push_back(ledger.size());
  v.push_back(clock.threadEntries().size());
  return v;
}

CollectiveContribution CollectiveContribution::unpackFixed(std::span<const uint64_t> words) {
  CollectiveContribution c;
  std::size_t n = words[kFixedClockSize], g = words[kFixedMembers];
  std::size_t t = words[kFixedThreadsPerRank];
  auto clockWords = words.subspan(kFixedHeader, n);
  auto sentWords = words.subspan(kFixedHeader + n, g);
  auto threadWords = words.subspan(kFixedHeader + n + g, n * t);
  c.clock = VectorClock(std::vector<Epoch>(clockWords.begin(), clockWords.end()));
  c.sentToMember.assign(sentWords.begin(), sentWords.end());
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t k = 1; k <= t; ++k) {
      ClockSlot slot{static_cast<Rank>(r), static_cast<ThreadId>(k)};
      if (Epoch e = threadWords[threadWord(slot, t)]) c.clock.set(slot, e);
    }
  return c;
}

void CollectiveContribution::combineFixed(std::span<const uint64_t> in, std::span<uint64_t> inout) {
  std::size_t n = in[kFixedClockSize], g = in[kFixedMembers], t = in[kFixedThreadsPerRank];
  for (std::size_t i = kFixedHeader; i < kFixedHeader + n; ++i)
    inout[i] = std::max(in[i], inout[i]);
  for (std::size_t i = kFixedHeader + n; i < kFixedHeader + n + g; ++i) inout[i] += in[i];
  // Thread components by maximum, like the clock; ledgers and thread entries are combined by
  // union: at most the larger.
  std::size_t threads = kFixedHeader + n + g;
  for (std::size_t i = threads; i < threads + n * t + 2; ++i) inout[i] = std::max(in[i], inout[i]);
}

void CollectiveContribution::combine(const CollectiveContribution &other) {
  clock.merge(other.clock);
  if (sentToMember.size() < other.sentToMember.size())
    sentToMember.resize(other.sentToMember.size(), 0);
  for (std::size_t i = 0; i < other.sentToMember.size(); ++i)
    sentToMember[i] += other.sentToMember[i];
  for (const LedgerEntry &e : other.ledger) {
    auto it = std::find_if(ledger.begin(), ledger.end(), [&](const LedgerEntry &x) {
      return x.origin == e.origin && x.target == e.target;
    });
    if (it == ledger.end())
      ledger.push_back(e);
    else
      it->count = std::max(it->count, e.count);
  }
}

SyncState::SyncState(Rank self, Rank worldSize) : self_(self), ledger_(self, worldSize) {
  views_.push_back({VectorClock(static_cast<std::size_t>(worldSize)), {}, {}, {}});
  knownBy_.emplace_back(static_cast<std::size_t>(worldSize), 0);
  epochSites_.push_back(kNoLocation);
  horizons_.push_back(worldSize > 1 ? 0 : kEpochInfinity);
}

SyncState::ThreadView &SyncState::ensureView(ThreadId t) {
  while (views_.size() <= t) {
    views_.push_back({VectorClock(views_[0].clock.size()), {}, {}, {}});
    knownBy_.emplace_back(views_[0].clock.size(), 0);
    horizons_.push_back(worldSize() > 1 ? 0 : kEpochInfinity);
    // A thread's first events get an epoch of their own: no other thread knows them.
    tickThread(static_cast<ThreadId>(views_.size() - 1), kNoLocation);
  }
  return views_[t];
}

void SyncState::setCurrentThread(ThreadId t) {
  if (t == current_) return;
  ensureView(t).ended = false;
  current_ = t;
  ++clockVersion_;
}

void SyncState::tickThread(ThreadId t, LocationHandle site) {
  ++lastEpoch_;
  views_[t].clock.set({self_, t}, lastEpoch_);
  epochSites_.push_back(site);
  if (epochSites_.size() > kEpochSitesKept) {
    epochSites_.pop_front();
    forgottenBelow_ = ++firstSiteEpoch_;
  }
  ++clockVersion_;
}

void SyncState::tick(LocationHandle site) {
  tickThread(current_, site);
}

void SyncState::restartEpoch(LocationHandle site) {
  // The last epoch's site is the last one kept (sites are dropped from the front only).
  if (epoch() == lastEpoch_) epochSites_.back() = site;
}

void SyncState::learn(const VectorClock &clock) {
  ThreadView &v = view();
  Epoch now = epoch();
  auto note = [&](ClockSlot slot, Epoch value) {
    auto &log = v.logOf(slot);
    log.emplace_back(now, value);
    if (log.size() == 2 * kKnowledgeLogLength)
      log.erase(log.begin(), log.begin() + kKnowledgeLogLength);
    if (current_ != kInitialThread) return;
    v.advanced.push_back(slot);
    if (v.advanced.size() > kAdvancedCompaction) keepEachOnce(v.advanced);
  };
  bool grew = false;
  for (Rank r = 0; r < worldSize(); ++r) {
    ClockSlot slot{r, kInitialThread};
    if (slot == ownSlot() || clock[r] <= v.clock[r]) continue;
    v.clock.set(r, clock[r]);
    note(slot, clock[r]);
    grew = true;
  }
  for (const ThreadEntry &e : clock.threadEntries()) {
    if (e.slot == ownSlot() || e.epoch <= v.clock.at(e.slot)) continue;
    v.clock.set(e.slot, e.epoch);
    note(e.slot, e.epoch);
    grew = true;
  }
  if (grew) ++clockVersion_;
}

void SyncState::fork(ThreadId child, LocationHandle site) {
  ensureView(child);
  tick(site);
  VectorClock parent = clock();
  ThreadId was = current_;
  current_ = child;
  tickThread(child, site);
  learn(parent);
  current_ = was;
}

// Like a signal, a release (and a thread's end) starts an epoch first: the clock it publishes
// then covers every event before it (events of an epoch are known once the epoch is).
void SyncState::join(ThreadId child, LocationHandle site) {
  ensureView(child);
  tickThread(child, site);
  VectorClock ended = views_[child].clock;
  views_[child].ended = true;
  tick(site);
  learn(ended);
}

void SyncState::release(uint64_t object, LocationHandle site) {
  tick(site);
  VectorClock &o = objects_[object];
  if (o.size() == 0)
    o = clock();
  else
    o.merge(clock());
}

void SyncState::acquire(uint64_t object, LocationHandle site) {
  tick(site);
  auto it = objects_.find(object);
  if (it != objects_.end()) learn(it->second);
}

Epoch SyncState::released(uint64_t object, ClockSlot slot) const {
  auto it = objects_.find(object);
  return it == objects_.end() ? 0 : it->second.at(slot);
}

bool SyncState::hasNews(uint64_t object) const {
  auto it = objects_.find(object);
  return it != objects_.end() && !it->second.lessOrEqual(clock());
}

void SyncState::pruneSitesBelow(Epoch e) {
  while (firstSiteEpoch_ < e && epochSites_.size() > 1) {
    epochSites_.pop_front();
    ++firstSiteEpoch_;
  }
}

ClockPayload SyncState::signalPayload(Rank destination, std::optional<uint64_t> stream) {
  return {clock(), stream ? ledger_.deltaFor(destination, *stream) : ledger_.all(), 0};
}

void SyncState::stageKnownBy(Rank origin, ThreadId thread, Epoch bound) {
  if (origin != self_) stagedKnownBy_.push_back({origin, thread, bound});
}

void SyncState::stageKnownBy(Rank origin, const VectorClock &clock) {
  stageKnownBy(origin, kInitialThread, clock[self_]);
  for (const ThreadEntry &e : clock.threadEntries())
    if (e.slot.rank == self_) stageKnownBy(origin, e.slot.thread, e.epoch);
}

void SyncState::absorb(Rank from, const ClockPayload &payload) {
  learn(payload.clock);
  ledger_.learn(payload.ledger);
  stageKnownBy(from, payload.clock);
}

CollectiveContribution SyncState::contribution(const GroupView &group, CollectiveKind kind) {
  CollectiveContribution c;
  contribution(group, kind, c);
  return c;
}

void SyncState::contribution(const GroupView &group, CollectiveKind kind,
                             CollectiveContribution &into) {
  into.clock = clock();
  into.sentToMember.clear();
  for (Rank m : group.members) into.sentToMember.push_back(ledger_.sentTo(m));
  into.ledger.clear();
  // A world-wide all-to-all delivers every batch counted in sentToMember; every other exchange
  // passes on what this process knows about third parties' batches.
  if (group.members.size() < clock().size() || kind != CollectiveKind::AllToAll)
    into.ledger = ledger_.deltaForChannel(group.channel);
}

void SyncState::absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                                 const CollectiveContribution &combined, Epoch contributedEpoch) {
  std::size_t me = indexOf(group, self_);
  if (!waitsIn(kind, root)) return;
  learn(combined.clock);
  ledger_.learn(combined.ledger);
  switch (kind) {
  case CollectiveKind::AllToAll:
    ledger_.requireFromGroup(group.members, combined.sentToMember[me]);
    for (Rank m : group.members) stageKnownBy(m, current_, contributedEpoch);
    if (group.members.size() == clock().size()) forgetPending_ = true;
    break;
  case CollectiveKind::AllToOne:
    ledger_.requireFromGroup(group.members, combined.sentToMember[me]);
    break;
  case CollectiveKind::OneToAll:
    ledger_.requireFromGroup({root}, combined.sentToMember[me]);
    stageKnownBy(root, combined.clock);
    break;
  case CollectiveKind::Scan:
    ledger_.requireFromGroup({group.members.begin(), group.members.begin() + me + 1},
                             combined.sentToMember[me]);
    break;
  }
}

bool SyncState::waitsIn(CollectiveKind kind, Rank root) const {
  return kind == CollectiveKind::AllToAll || kind == CollectiveKind::Scan ||
         (kind == CollectiveKind::AllToOne && self_ == root) ||
         (kind == CollectiveKind::OneToAll && self_ != root);
}

ResourcePayload SyncState::resourcePayload(Rank deposition) const {
  ResourcePayload p;
  p.clock = clock();
  p.sentToDeposition.assign(p.clock.size(), 0);
  for (const LedgerEntry &e : ledger_.column(deposition))
    p.sentToDeposition[static_cast<std::size_t>(e.origin)] = e.count;
  p.sentToDeposition[static_cast<std::size_t>(self_)] = ledger_.sentTo(deposition);
  return p;
}

void SyncState::absorbResource(Rank deposition, const ResourcePayload &deposit) {
  if (deposit.clock.size() == 0) return; // nothing deposited yet
  learn(deposit.clock);
  std::vector<LedgerEntry> column;
  for (std::size_t o = 0; o < deposit.sentToDeposition.size(); ++o) {
    if (deposit.sentToDeposition[o] > 0)
      column.push_back({static_cast<Rank>(o), deposition, deposit.sentToDeposition[o]});
  }
  ledger_.learn(column);
}

Epoch SyncState::firstEpochKnowing(ThreadId who, ClockSlot slot, Epoch threshold) const {
  const ThreadView &v = views_[who];
  if (v.clock.at(slot) < threshold) return kEpochInfinity;
  if (slot == ClockSlot{self_, who}) return threshold;
  const ThreadView::KnowledgeLog *logged = v.findLog(slot);
  if (!logged) return epochOf(who); // defensive: knowledge without a step
  const auto &log = *logged;
  auto it = std::lower_bound(
      log.begin(), log.end(), threshold,
      [](const std::pair<Epoch, Epoch> &step, Epoch t) { return step.second < t; });
  if (it == log.end()) return epochOf(who); // defensive: knowledge without a logged step
  return it->first;
}

LocationHandle SyncState::siteOfEpoch(Epoch e) const {
  if (e < firstSiteEpoch_ || e - firstSiteEpoch_ >= epochSites_.size()) return kNoLocation;
  return epochSites_[static_cast<std::size_t>(e - firstSiteEpoch_)];
}

void SyncState::commitKnownBy() {
  for (const StagedKnowledge &k : stagedKnownBy_) {
    if (k.thread >= knownBy_.size()) ensureView(k.thread);
    Epoch &known = knownBy_[k.thread][static_cast<std::size_t>(k.origin)];
    known = std::max(known, k.bound);
  }
  stagedKnownBy_.clear();
  if (forgetPending_) {
    ledger_.forgetAll();
    forgetPending_ = false;
  }
  for (std::size_t t = 0; t < knownBy_.size(); ++t) {
    Epoch horizon = kEpochInfinity;
    for (Rank r = 0; r < worldSize(); ++r)
      if (r != self_) horizon = std::min(horizon, knownBy_[t][static_cast<std::size_t>(r)]);
    horizons_[t] = horizon;
  }
}

bool SyncState::hasStagedNews() const {
  if (forgetPending_ && !ledger_.knowsNothing()) return true;
  for (const StagedKnowledge &k : stagedKnownBy_)
    if (k.thread >= knownBy_.size() ||
        k.bound > knownBy_[k.thread][static_cast<std::size_t>(k.origin)])
      return true;
  return false;
}

void SyncState::takeAdvancedSlots(std::vector<ClockSlot> &into) {
  ThreadView &v = views_[kInitialThread];
  keepEachOnce(v.advanced);
  into.assign(v.advanced.begin(), v.advanced.end());
  v.advanced.clear();
}

} // namespace rmarace
