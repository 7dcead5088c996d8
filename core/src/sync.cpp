#include "rmarace/core/sync.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

namespace {
// Next waits are looked up in a short per-rank history; older steps are only needed when a
// completion notice arrives long after the wait that made it known, which the delivery guarantee
// rules out. Answers from a truncated history err towards longer regions.
constexpr std::size_t kKnowledgeLogLength = 64;

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
constexpr std::size_t kFixedHeader = 2;
} // namespace

std::vector<uint64_t> CollectiveContribution::packFixed() const {
  std::vector<uint64_t> v;
  v.reserve(kFixedHeader + clock.size() + sentToMember.size() + 1);
  v.push_back(clock.size());
  v.push_back(sentToMember.size());
  v.insert(v.end(), clock.entries().begin(), clock.entries().end());
  v.insert(v.end(), sentToMember.begin(), sentToMember.end());
  v.push_back(ledger.size());
  return v;
}

CollectiveContribution CollectiveContribution::unpackFixed(std::span<const uint64_t> words) {
  CollectiveContribution c;
  std::size_t n = words[kFixedClockSize], g = words[kFixedMembers];
  auto clockWords = words.subspan(kFixedHeader, n);
  auto sentWords = words.subspan(kFixedHeader + n, g);
  c.clock = VectorClock(std::vector<Epoch>(clockWords.begin(), clockWords.end()));
  c.sentToMember.assign(sentWords.begin(), sentWords.end());
  return c;
}

void CollectiveContribution::combineFixed(std::span<const uint64_t> in, std::span<uint64_t> inout) {
  std::size_t n = in[kFixedClockSize], g = in[kFixedMembers];
  for (std::size_t i = kFixedHeader; i < kFixedHeader + n; ++i)
    inout[i] = std::max(in[i], inout[i]);
  for (std::size_t i = kFixedHeader + n; i < kFixedHeader + n + g; ++i) inout[i] += in[i];
  std::size_t ledgerAt = kFixedHeader + n + g; // ledgers are combined by union: at most the larger
  inout[ledgerAt] = std::max(in[ledgerAt], inout[ledgerAt]);
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

SyncState::SyncState(Rank self, Rank worldSize)
    : self_(self), clock_(static_cast<std::size_t>(worldSize)), ledger_(self, worldSize),
      knowledgeLog_(static_cast<std::size_t>(worldSize)),
      knownBy_(static_cast<std::size_t>(worldSize), 0),
      advanced_(static_cast<std::size_t>(worldSize), false) {
  epochSites_.push_back(kNoLocation);
  pruneHorizon_ = worldSize > 1 ? 0 : kEpochInfinity;
}

void SyncState::tick(LocationHandle site) {
  clock_.tick(self_);
  epochSites_.push_back(site);
}

void SyncState::pruneSitesBelow(Epoch e) {
  while (firstSiteEpoch_ < e && epochSites_.size() > 1) {
    epochSites_.pop_front();
    ++firstSiteEpoch_;
  }
}

ClockPayload SyncState::signalPayload(Rank destination, std::optional<uint64_t> stream) {
  return {clock_, stream ? ledger_.deltaFor(destination, *stream) : ledger_.all(), 0};
}

void SyncState::noteGrowth(const VectorClock &before) {
  for (Rank r = 0; r < worldSize(); ++r) {
    if (r == self_ || clock_[r] <= before[r]) continue;
    auto &log = knowledgeLog_[static_cast<std::size_t>(r)];
    log.emplace_back(epoch(), clock_[r]);
    if (log.size() > kKnowledgeLogLength) log.erase(log.begin());
    advanced_[static_cast<std::size_t>(r)] = true;
  }
}

void SyncState::stageKnownBy(Rank origin, Epoch bound) {
  if (origin != self_) stagedKnownBy_.emplace_back(origin, bound);
}

void SyncState::absorb(Rank from, const ClockPayload &payload) {
  VectorClock before = clock_;
  clock_.merge(payload.clock);
  ledger_.learn(payload.ledger);
  noteGrowth(before);
  stageKnownBy(from, payload.clock[self_]);
}

CollectiveContribution SyncState::contribution(const GroupView &group, CollectiveKind kind) {
  CollectiveContribution c;
  c.clock = clock_;
  c.sentToMember.reserve(group.members.size());
  for (Rank m : group.members) c.sentToMember.push_back(ledger_.sentTo(m));
  // A world-wide all-to-all delivers every batch counted in sentToMember; every other exchange
  // passes on what this process knows about third parties' batches.
  if (group.members.size() < clock_.size() || kind != CollectiveKind::AllToAll)
    c.ledger = ledger_.deltaForChannel(group.channel);
  return c;
}

void SyncState::absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                                 const CollectiveContribution &combined, Epoch contributedEpoch) {
  std::size_t me = indexOf(group, self_);
  if (!waitsIn(kind, root)) return;
  VectorClock before = clock_;
  clock_.merge(combined.clock);
  ledger_.learn(combined.ledger);
  noteGrowth(before);
  switch (kind) {
  case CollectiveKind::AllToAll:
    ledger_.requireFromGroup(group.members, combined.sentToMember[me]);
    for (Rank m : group.members) stageKnownBy(m, contributedEpoch);
    if (group.members.size() == clock_.size()) forgetPending_ = true;
    break;
  case CollectiveKind::AllToOne:
    ledger_.requireFromGroup(group.members, combined.sentToMember[me]);
    break;
  case CollectiveKind::OneToAll:
    ledger_.requireFromGroup({root}, combined.sentToMember[me]);
    stageKnownBy(root, combined.clock[self_]);
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
  p.clock = clock_;
  p.sentToDeposition.assign(clock_.size(), 0);
  for (const LedgerEntry &e : ledger_.column(deposition))
    p.sentToDeposition[static_cast<std::size_t>(e.origin)] = e.count;
  p.sentToDeposition[static_cast<std::size_t>(self_)] = ledger_.sentTo(deposition);
  return p;
}

void SyncState::absorbResource(Rank deposition, const ResourcePayload &deposit) {
  if (deposit.clock.size() == 0) return; // nothing deposited yet
  VectorClock before = clock_;
  clock_.merge(deposit.clock);
  std::vector<LedgerEntry> column;
  for (std::size_t o = 0; o < deposit.sentToDeposition.size(); ++o) {
    if (deposit.sentToDeposition[o] > 0)
      column.push_back({static_cast<Rank>(o), deposition, deposit.sentToDeposition[o]});
  }
  ledger_.learn(column);
  noteGrowth(before);
}

Epoch SyncState::firstEpochKnowing(Rank rank, Epoch threshold) const {
  if (clock_[rank] < threshold) return kEpochInfinity;
  if (rank == self_) return threshold;
  const auto &log = knowledgeLog_[static_cast<std::size_t>(rank)];
  auto it = std::lower_bound(
      log.begin(), log.end(), threshold,
      [](const std::pair<Epoch, Epoch> &step, Epoch t) { return step.second < t; });
  if (it == log.end()) return epoch(); // defensive: knowledge without a logged step
  return it->first;
}

LocationHandle SyncState::siteOfEpoch(Epoch e) const {
  if (e < firstSiteEpoch_ || e - firstSiteEpoch_ >= epochSites_.size()) return kNoLocation;
  return epochSites_[static_cast<std::size_t>(e - firstSiteEpoch_)];
}

void SyncState::commitKnownBy() {
  for (auto [origin, bound] : stagedKnownBy_) {
    Epoch &k = knownBy_[static_cast<std::size_t>(origin)];
    k = std::max(k, bound);
  }
  stagedKnownBy_.clear();
  if (forgetPending_) {
    ledger_.forgetAll();
    forgetPending_ = false;
  }
  Epoch horizon = kEpochInfinity;
  for (Rank r = 0; r < worldSize(); ++r)
    if (r != self_) horizon = std::min(horizon, knownBy_[static_cast<std::size_t>(r)]);
  pruneHorizon_ = horizon;
}

std::vector<Rank> SyncState::takeAdvancedRanks() {
  std::vector<Rank> ranks;
  for (Rank r = 0; r < worldSize(); ++r) {
    if (advanced_[static_cast<std::size_t>(r)]) {
      ranks.push_back(r);
      advanced_[static_cast<std::size_t>(r)] = false;
    }
  }
  return ranks;
}

} // namespace rmarace
