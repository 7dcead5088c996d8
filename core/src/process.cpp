// Process: memory exposure, plain accesses, synchronisation, transport and reports.
#include "process_internal.h"
#include "rmarace/core/conflict.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

Process::Process(Rank self, Rank worldSize, ProcessHost &host)
    : Process(self, worldSize, host, Options{}) {}

Process::Process(Rank self, Rank worldSize, ProcessHost &host, Options options)
    : host_(host), options_(options), sync_(self, worldSize),
      processed_(static_cast<std::size_t>(worldSize), 0) {
  localSites_.push_back(kNoLocation);
  horizon_ = sync_.pruneHorizon();
}

Process::~Process() = default;

// ---- Memory
// ---------------------------------------------------------------------------------------

void Process::exposeMemory(SegmentId segment, Address base, uint64_t size, const std::string &name,
                           bool dynamic) {
  Segment &s = segments_[segment];
  s.name = name;
  s.dynamic = s.dynamic || dynamic;
  if (size == 0) return;
  s.parts.emplace_back(base, size);
  s.regions.push_back(history_.addRegion(base, size, segment, name));
  if (listener_) listener_->tracked(base, base + size);
}

void Process::unexposeMemory(SegmentId segment, Address base) {
  auto it = segments_.find(segment);
  if (it == segments_.end()) return;
  Segment &s = it->second;
  for (std::size_t i = 0; i < s.parts.size(); ++i) {
    if (s.parts[i].first != base) continue;
    // New remote accesses to the part are errors from now on, but accesses issued before may
    // still arrive or be finalised: the history stays until none can (releaseDetached).
    detached_.push_back({segment, s.regions[i], epoch(), base, s.parts[i].second});
    s.parts.erase(s.parts.begin() + static_cast<std::ptrdiff_t>(i));
    s.regions.erase(s.regions.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

void Process::releaseDetached(std::optional<SegmentId> segment) {
  std::erase_if(detached_, [&](const Detached &d) {
    bool release = segment ? d.segment == *segment : horizon_ > d.epoch;
    if (!release) return false;
    if (listener_) listener_->untracked(d.base, d.base + d.size);
    history_.removeRegion(d.region);
    return true;
  });
}

void Process::retireSegment(SegmentId segment) {
  flushDirect();
  std::erase_if(remoteMaps_, [&](const auto &entry) {
    if (entry.second.segment != segment) return false;
    if (listener_) listener_->untracked(entry.first, entry.first + entry.second.size);
    return true;
  });
  auto it = segments_.find(segment);
  if (it == segments_.end()) return;
  while (!it->second.parts.empty()) unexposeMemory(segment, it->second.parts.front().first);
  releaseDetached(segment);
  segments_.erase(it);
}

bool Process::tracks(Address addr, uint64_t size) const {
  for (const ShadowRegion &r : history_.regions()) {
    if (r.size != 0 && addr < r.userBase + r.size && r.userBase < addr + size) return true;
  }
  auto mapped = remoteMaps_.lower_bound(addr + size);
  if (mapped != remoteMaps_.begin() &&
      addr < std::prev(mapped)->first + std::prev(mapped)->second.size)
    return true;
  if (pendingIndex_.empty()) return false;
  auto it = pendingIndex_.lower_bound(addr >= pendingMaxLength_ ? addr - pendingMaxLength_ : 0);
  for (; it != pendingIndex_.end() && it->first < addr + size; ++it) {
    if (own_[it->second]->ranges.overlaps(addr, addr + size)) return true;
  }
  return false;
}

// ---- Plain accesses
// ---------------------------------------------------------------------------------

uint32_t Process::internLocal(LocationHandle site) {
  // Loops alternate between a few access sites: a small direct-mapped cache avoids the hash map.
  SiteCacheEntry &cached = siteCache_[(site >> 3) % siteCache_.size()];
  if (cached.site == site && cached.index != 0) return cached.index;
  auto [it, inserted] =
      localSiteIndex_.try_emplace(site, static_cast<uint32_t>(localSites_.size()));
  if (inserted) localSites_.push_back(site);
  cached = {site, it->second};
  return it->second;
}

void Process::access(Address addr, uint64_t size, bool write, bool languageAtomic,
                     LocationHandle site) {
  if (size == 0) return;
  AccessKind kind = write ? AccessKind::Store : AccessKind::Load;
  if (!pendingIndex_.empty())
    checkAgainstPending(ByteRanges(addr, size), kind, nullptr, kNone, site, size, languageAtomic);
  ShadowRegion *region = history_.find(addr);
  if (!region) {
    if (remoteMaps_.empty()) return;
    Address next = directAccess(addr, size, write, languageAtomic, site);
    if (next != addr && next < addr + size)
      access(next, addr + size - next, write, languageAtomic, site);
    return;
  }
  ShadowRecord record;
  record.kind = write ? RecordKind::Store : RecordKind::Load;
  record.languageAtomic = languageAtomic;
  record.subject = internLocal(site);
  record.epoch = epoch();
  Epoch now = epoch();
  auto visit = [&](const ShadowRecord &x, Address granule, uint8_t overlap) {
    if (x.kind != RecordKind::Remote) return; // own accesses are checked in program order
    const RemoteAccess &r = *remote_[x.subject];
    if (r.origin == rank() || r.provisional) return;
    if (r.languageAtomic && languageAtomic) return; // C/C++ atomics do not race with each other
    if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {kind, nullptr, nullptr})) return;
    if (now < r.regionStart || now >= r.regionEnd) return;
    AccessRecord later = describeLocal(record, 0);
    later.size = size;
    report(RaceKind::Remote, firstByte(granule, overlap), describeRemote(r), later,
           {RegionSubject::Remote, x.subject}, {Counterpart::Local, 0, now});
  };
  auto live = [this](const ShadowRecord &r) { return recordLive(r); };
  history_.insertLocal(*region, addr, addr + size, record, visit, live);
  // An access may straddle two regions (adjacent windows).
  Address regionEnd = region->userBase + region->size;
  if (addr + size > regionEnd)
    access(regionEnd, addr + size - regionEnd, write, languageAtomic, site);
}

void Process::checkAgainstPending(const ByteRanges &ranges, AccessKind kind,
                                  const Atomicity *atomicity, uint32_t ownId, LocationHandle site,
                                  uint64_t size, bool languageAtomic) {
  if (pendingIndex_.empty()) return;
  Address lo = ranges.lowest();
  Address hi = ranges.highest();
  auto it = pendingIndex_.lower_bound(lo >= pendingMaxLength_ ? lo - pendingMaxLength_ : 0);
  std::vector<uint32_t> seen;
  for (; it != pendingIndex_.end() && it->first < hi; ++it) {
    uint32_t id = it->second;
    if (id == ownId || std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(id);
    const OwnAccess &p = *own_[id];
    ByteRange overlap = p.ranges.firstOverlap(ranges);
    if (overlap.size() == 0) continue;
    if (!conflicting({p.kind, &p.atomicity, &p.ranges}, {kind, atomicity, &ranges})) continue;
    // Own remote writes to this process separated by a fence are ordered (R6).
    if (p.kind == AccessKind::RemoteWrite && kind == AccessKind::RemoteWrite && ownId != kNone &&
        own_[ownId]->context == p.context && own_[ownId]->fenceCount != p.fenceCount)
      continue;
    AccessRecord later;
    later.rank = rank();
    later.kind = kind;
    later.languageAtomic = languageAtomic;
    later.size = size;
    later.location = host_.resolve(site);
    if (atomicity) {
      later.atomicOp = atomicity->op;
      later.atomicType = atomicity->type;
    }
    RaceKind raceKind =
        isRemote(p.kind) || isRemote(kind) ? RaceKind::Remote : RaceKind::LocalBuffer;
    report(raceKind, overlap.begin, describeOwn(p), later, {RegionSubject::Own, id}, Counterpart{});
  }
}

// ---- Synchronisation
// ----------------------------------------------------------------------------------

void Process::onEpochChange() {
  ++clockVersion_;
  history_.newGeneration();
}

ClockPayload Process::signal(Rank destination, LocationHandle site,
                             std::optional<uint64_t> stream) {
  flushDirect();
  sealAll();
  sync_.tick(site);
  onEpochChange();
  return sync_.signalPayload(destination, stream);
}

void Process::wait(Rank from, const ClockPayload &payload, LocationHandle site) {
  flushDirect();
  sync_.tick(site);
  sync_.absorb(from, payload);
  onEpochChange();
}

CollectiveContribution Process::contribute(const GroupView &group, CollectiveKind kind,
                                           LocationHandle site) {
  flushDirect();
  sealAll();
  sync_.tick(site);
  onEpochChange();
  contributedEpoch_ = epoch();
  contributedSite_ = site;
  return sync_.contribution(group, kind);
}

void Process::absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                               const CollectiveContribution &combined, bool separated) {
  flushDirect();
  // When the program ran between contributing and absorbing (a non-blocking collective's
  // initiation and completion), the wait is an event of its own (Def. 3.5 (4)): what happened in
  // between is not ordered after it. A blocking collective is one event (3.3.2).
  if (separated && sync_.waitsIn(kind, root)) sync_.tick(contributedSite_);
  sync_.absorbCollective(group, kind, root, combined, contributedEpoch_);
  onEpochChange();
}

ResourcePayload Process::depositClock(Rank deposition, LocationHandle site) {
  flushDirect();
  sealAll();
  sync_.tick(site);
  onEpochChange();
  return sync_.resourcePayload(deposition);
}

void Process::acquireResource(Rank deposition, const ResourcePayload &deposit,
                              LocationHandle site) {
  flushDirect();
  sync_.tick(site);
  sync_.absorbResource(deposition, deposit);
  onEpochChange();
}

void Process::tick(LocationHandle site) {
  flushDirect();
  sync_.tick(site);
  onEpochChange();
}

void Process::settle() {
  drainQueued();
  sync_.commitKnownBy();
  updateHorizon();
  releaseDetached(std::nullopt);
  resolveRegionEnds();
  pendingAckCompletions();
  history_.newGeneration();
  if (history_.shouldCollect()) collectGarbage();
}

// ---- Transport
// ---------------------------------------------------------------------------------------

std::vector<Batch> Process::takeOutgoing() {
  std::vector<Batch> out;
  out.swap(sealed_);
  return out;
}

void Process::flushBatches() {
  flushDirect();
  sealAll();
}

namespace {
std::vector<LedgerEntry> headerOf(const std::vector<std::byte> &bytes) {
  WireReader in(bytes);
  std::vector<LedgerEntry> header(in.get<uint32_t>());
  for (auto &e : header) e = in.get<LedgerEntry>();
  return header;
}
} // namespace

void Process::receive(Rank origin, std::vector<std::byte> bytes) {
  sync_.ledger().recordReceive(origin);
  // What precedes this batch must be received too before a wait completes.
  sync_.ledger().learn(headerOf(bytes));
  queued_.emplace_back(origin, std::move(bytes));
  drainQueued();
}

bool Process::causallyReady(Rank from, std::span<const LedgerEntry> required) const {
  // Batches of the same origin arrive in order; the header counts this batch itself.
  return std::all_of(required.begin(), required.end(), [&](const LedgerEntry &e) {
    return e.target != rank() || e.origin == rank() || e.origin == from ||
           processed_[static_cast<std::size_t>(e.origin)] >= e.count;
  });
}

void Process::drainQueued() {
  // Batches of one origin are processed in order; a batch waits until the batches its header
  // says causally precede it have been processed.
  bool progress = true;
  while (progress) {
    progress = false;
    std::set<Rank> blocked;
    for (std::size_t i = 0; i < queued_.size(); ++i) {
      Rank origin = queued_[i].first;
      if (blocked.count(origin)) continue;
      if (!causallyReady(origin, headerOf(queued_[i].second))) {
        blocked.insert(origin);
        continue;
      }
      auto item = std::move(queued_[i]);
      queued_.erase(queued_.begin() + static_cast<std::ptrdiff_t>(i));
      processBatch(item.first, item.second);
      ++processed_[static_cast<std::size_t>(item.first)];
      progress = true;
      break;
    }
  }
}

void Process::finish() {
  if (finished_) return;
  finished_ = true;
  flushDirect();
  drainQueued();
  // Passive epochs whose acquisition never became known: check them with what is known.
  for (auto &[origin, peer] : incoming_) {
    for (auto &[epochId, ids] : peer.provisional) {
      for (uint32_t id : ids) finalizeProvisional(id, VectorClock(worldSize()));
    }
    peer.provisional.clear();
  }
  flushPendingReports();
}

// ---- Liveness and garbage
// ---------------------------------------------------------------------------

void Process::updateHorizon() {
  Epoch h = sync_.pruneHorizon();
  for (const auto &[origin, peer] : incoming_) {
    for (const auto &[epochId, ids] : peer.provisional) {
      for (uint32_t id : ids) h = std::min(h, remote_[id]->regionStart);
    }
  }
  horizon_ = h;
  // Received accesses whose region is still open may be reported later, naming where their
  // region started.
  Epoch sites = h;
  for (const auto &[origin, peer] : incoming_)
    for (uint32_t id : peer.live) sites = std::min(sites, remote_[id]->regionStart);
  sync_.pruneSitesBelow(sites);
}

bool Process::recordLive(const ShadowRecord &r) const {
  switch (r.kind) {
  case RecordKind::Load:
  case RecordKind::Store:
    return r.epoch >= horizon_;
  case RecordKind::Buffer: {
    const OwnAccess &a = *own_[r.subject];
    return a.pending || a.lastEpoch >= horizon_;
  }
  case RecordKind::Remote: {
    const RemoteAccess &a = *remote_[r.subject];
    return a.provisional || a.regionEnd == kEpochInfinity || a.regionEnd > horizon_;
  }
  }
  return true;
}

void Process::collectGarbage() {
  updateHorizon();
  auto live = [this](const ShadowRecord &r) { return recordLive(r); };
  std::vector<bool> ownMarked(own_.size(), false), remoteMarked(remote_.size(), false);
  auto mark = [&](const ShadowRecord &r) {
    if (r.kind == RecordKind::Buffer) ownMarked[r.subject] = true;
    if (r.kind == RecordKind::Remote) remoteMarked[r.subject] = true;
  };
  history_.collect(mark, live);
  for (const HeldReport &h : heldReports_) {
    (h.subject.kind == RegionSubject::Remote ? remoteMarked : ownMarked)[h.subject.id] = true;
    if (h.counterpart.kind == Counterpart::Own) ownMarked[h.counterpart.id] = true;
    if (h.counterpart.kind == Counterpart::Remote) remoteMarked[h.counterpart.id] = true;
  }
  for (uint32_t id = 0; id < own_.size(); ++id) {
    OwnAccess &a = *own_[id];
    if (a.inUse && !a.pending && !ownMarked[id]) {
      a = OwnAccess{};
      a.inUse = false;
      freeOwn_.push_back(id);
    }
  }
  for (uint32_t id = 0; id < remote_.size(); ++id) {
    RemoteAccess &a = *remote_[id];
    if (a.inUse && !remoteMarked[id] && !a.open && !a.provisional &&
        a.regionEnd != kEpochInfinity) {
      a = RemoteAccess{};
      a.inUse = false;
      freeRemote_.push_back(id);
    }
  }
}

Process::Stats Process::stats() const {
  Stats s;
  for (const auto &a : own_) s.pendingOwnAccesses += a->inUse && a->pending;
  for (const auto &a : remote_) s.liveRemoteAccesses += a->inUse;
  s.shadowCellBytes = history_.cellBytes();
  s.shadowSetBytes = history_.setBytes();
  s.liveShadowSets = history_.liveSetCount();
  s.queuedBatches = queued_.size();
  return s;
}

// ---- Reports
// ------------------------------------------------------------------------------------------

AccessRecord Process::describeOwn(const OwnAccess &a) const {
  AccessRecord r;
  r.rank = rank();
  r.kind = a.kind;
  r.atomicOp = a.atomicity.op;
  r.atomicType = a.atomicity.type;
  r.size = a.ranges.totalBytes();
  r.location = host_.resolve(a.site);
  return r;
}

AccessRecord Process::describeRemote(const RemoteAccess &a) const {
  AccessRecord r;
  r.rank = a.origin;
  r.kind = a.kind;
  r.atomicOp = a.atomicity.op;
  r.atomicType = a.atomicity.type;
  r.direct = a.direct;
  r.languageAtomic = a.languageAtomic;
  r.size = a.size;
  if (a.origin == rank()) {
    r.location = host_.resolve(a.site);
  } else {
    auto peer = incoming_.find(a.origin);
    if (peer != incoming_.end()) {
      auto loc = peer->second.locations.find(a.site);
      if (loc != peer->second.locations.end()) r.location = loc->second;
    }
  }
  return r;
}

AccessRecord Process::describeLocal(const ShadowRecord &record, uint8_t mask) const {
  AccessRecord r;
  r.rank = rank();
  r.kind = record.kind == RecordKind::Store ? AccessKind::Store : AccessKind::Load;
  r.languageAtomic = record.languageAtomic;
  r.size = static_cast<uint64_t>(__builtin_popcount(mask));
  r.location = host_.resolve(localSites_[record.subject]);
  return r;
}

ConcurrentRegion Process::regionOf(const RemoteAccess &a) const {
  ConcurrentRegion region;
  region.begin = host_.resolve(sync_.siteOfEpoch(a.regionStart));
  if (a.regionEnd != kEpochInfinity) {
    region.ended = true;
    region.end = host_.resolve(sync_.siteOfEpoch(a.regionEnd));
  }
  return region;
}

ConcurrentRegion Process::regionOf(const OwnAccess &a) const {
  ConcurrentRegion region;
  region.begin = host_.resolve(a.site);
  if (!a.pending) {
    region.ended = true;
    region.end = host_.resolve(a.completionSite);
  }
  return region;
}

void Process::report(RaceKind kind, Address at, const AccessRecord &earlier,
                     const AccessRecord &later, RegionSubject subject, Counterpart counterpart) {
  auto side = [](const AccessRecord &a) {
    return std::to_string(a.rank) + '|' + accessKindName(a.kind) + '|' + a.location.file + ':' +
           std::to_string(a.location.line) + '|' + a.location.call;
  };
  // One report per pair, whichever side was seen first.
  std::string first = side(earlier), second = side(later);
  if (second < first) std::swap(first, second);
  std::string key = std::to_string(static_cast<int>(kind)) + first + '#' + second;
  if (reported_.count(key) || heldKeys_.count(key)) return;
  RaceRecord race;
  race.kind = kind;
  race.memoryRank = rank();
  race.earlier = earlier;
  race.later = later;
  race.memoryName = "local memory";
  race.outsideSegments = true;
  race.offsetBegin = at;
  race.offsetEnd = at + 1;
  for (const ShadowRegion &r : history_.regions()) {
    if (r.size != 0 && at >= r.userBase && at < r.userBase + r.size) {
      race.memoryName = r.name;
      race.outsideSegments = false;
      race.offsetBegin = at - r.userBase;
      race.offsetEnd = race.offsetBegin + 1;
      break;
    }
  }
  race.region = subject.kind == RegionSubject::Remote ? regionOf(*remote_[subject.id])
                                                      : regionOf(*own_[subject.id]);
  if (!race.region->ended && !finished_) {
    heldKeys_.insert(key);
    heldReports_.push_back({std::move(race), subject, counterpart, std::move(key)});
    return;
  }
  reported_.insert(key);
  host_.reportRace(race);
}

bool Process::stillRaces(RegionSubject subject, const Counterpart &c) const {
  if (subject.kind != RegionSubject::Remote) return true; // program order: exact when found
  const RemoteAccess &r = *remote_[subject.id];
  switch (c.kind) {
  case Counterpart::None:
    return true;
  case Counterpart::Local:
    return c.epoch >= r.regionStart && c.epoch < r.regionEnd;
  case Counterpart::Own: {
    const OwnAccess &b = *own_[c.id];
    return b.lastEpoch >= r.regionStart && b.issueEpoch < r.regionEnd;
  }
  case Counterpart::Remote:
    return pairRaces(*remote_[c.id], r);
  }
  return true;
}

void Process::releaseReports(RegionSubject::Kind kind, uint32_t id) {
  if (heldReports_.empty()) return;
  std::vector<HeldReport> ready;
  std::erase_if(heldReports_, [&](HeldReport &h) {
    if (h.subject.kind != kind || h.subject.id != id) return false;
    ready.push_back(std::move(h));
    return true;
  });
  for (HeldReport &h : ready) {
    heldKeys_.erase(h.key);
    if (!stillRaces(h.subject, h.counterpart)) continue;
    h.race.region = kind == RegionSubject::Remote ? regionOf(*remote_[id]) : regionOf(*own_[id]);
    reported_.insert(h.key);
    host_.reportRace(h.race);
  }
}

void Process::flushPendingReports() {
  std::vector<HeldReport> held;
  held.swap(heldReports_);
  heldKeys_.clear();
  for (HeldReport &h : held) {
    reported_.insert(h.key);
    host_.reportRace(h.race);
  }
}
} // namespace rmarace
