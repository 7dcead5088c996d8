// Process, target side: remote accesses arriving in batches, their concurrent regions (4.2.2)
// and the race check against this process's memory history (Fig. 4.9).
#include "process_internal.h"
#include "rmarace/core/conflict.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

void Process::processBatch(Rank origin, std::span<const std::byte> bytes) {
  WireReader in(bytes);
  auto n = in.get<uint32_t>();
  std::vector<LedgerEntry> header(n);
  for (auto &e : header) e = in.get<LedgerEntry>();
  sync_.ledger().learn(header);
  PeerIn &peer = incoming_[origin];
  while (!in.done()) {
    auto tag = in.get<WireTag>();
    switch (tag) {
    case WireTag::Location: {
      auto handle = in.get<LocationHandle>();
      Location loc;
      loc.file = in.getString();
      loc.function = in.getString();
      loc.call = in.getString();
      loc.line = in.get<uint32_t>();
      loc.column = in.get<uint32_t>();
      peer.locations[handle] = std::move(loc);
      break;
    }
    case WireTag::Snapshot: {
      auto id = in.get<uint32_t>();
      peer.snapshots[id] = std::make_shared<const VectorClock>(in.getClock());
      // Older snapshots are only referenced by accesses that already hold them.
      while (peer.snapshots.size() > 1 && peer.snapshots.begin()->first < id)
        peer.snapshots.erase(peer.snapshots.begin());
      break;
    }
    case WireTag::Access:
      onRemoteAccess(origin, in);
      break;
    case WireTag::Complete:
      onCompletionNotice(origin, in);
      break;
    case WireTag::Notify:
      onNotify(origin, in);
      break;
    case WireTag::EpochClock:
      onEpochClock(origin, in);
      break;
    case WireTag::Ack:
      onAck(origin, in);
      break;
    default:
      throw WireError("unknown record in rmarace batch");
    }
  }
}

std::optional<ByteRanges> Process::resolveTarget(SegmentId segment, const ByteRanges &offsets,
                                                 Rank origin, LocationHandle site,
                                                 const Location *siteLocation) {
  auto error = [&](const std::string &message) {
    ErrorRecord e;
    e.kind = "out-of-bounds";
    e.rank = rank();
    e.message = message;
    e.location = siteLocation ? *siteLocation : host_.resolve(site);
    host_.reportError(e);
    return std::nullopt;
  };
  auto it = segments_.find(segment);
  if (it == segments_.end())
    return error("RMA access from rank " + std::to_string(origin) +
                 " to a window or segment that rank " + std::to_string(rank()) +
                 " does not expose");
  const Segment &s = it->second;
  if (s.dynamic) {
    for (const ByteRange &r : offsets.ranges()) {
      bool inside = std::any_of(s.parts.begin(), s.parts.end(), [&](const auto &p) {
        return r.begin >= p.first && r.end <= p.first + p.second;
      });
      if (!inside)
        return error("RMA access from rank " + std::to_string(origin) + " to address " +
                     std::to_string(r.begin) + " (" + std::to_string(r.size()) +
                     " bytes) of dynamic window '" + s.name + "' at rank " +
                     std::to_string(rank()) + ", which is not attached there");
    }
    return offsets;
  }
  uint64_t size = s.parts.empty() ? 0 : s.parts.front().second;
  Address base = s.parts.empty() ? 0 : s.parts.front().first;
  if (offsets.highest() > size)
    return error("RMA access from rank " + std::to_string(origin) + " to bytes [" +
                 std::to_string(offsets.lowest()) + ", " + std::to_string(offsets.highest()) +
                 ") of window '" + s.name + "' at rank " + std::to_string(rank()) +
                 ", which has only " + std::to_string(size) + " bytes there");
  return offsets.shifted(static_cast<int64_t>(base));
}

void Process::onRemoteAccess(Rank origin, WireReader &in) {
  PeerIn &peer = incoming_[origin];
  auto seq = in.get<Sequence>();
  auto segment = in.get<SegmentId>();
  auto context = in.get<ContextId>();
  auto flags = in.get<uint8_t>();
  Atomicity atomicity;
  atomicity.op = in.get<AtomicOp>();
  atomicity.type = in.get<BasicType>();
  atomicity.elementSize = in.get<uint32_t>();
  atomicity.anyOpCompatible = flags & 16;
  atomicity.orderedFromSameOrigin = flags & 128;
  auto fc = in.get<uint64_t>();
  auto snapshotId = in.get<uint32_t>();
  auto lockEpoch = in.get<uint64_t>();
  auto site = in.get<LocationHandle>();
  auto count = in.get<uint32_t>();
  ByteRanges offsets;
  for (uint32_t i = 0; i < count; ++i) {
    auto begin = in.get<Address>();
    auto size = in.get<uint64_t>();
    offsets.add(begin, size);
  }
  uint64_t accessSize = (flags & 32) ? in.get<uint64_t>() : offsets.totalBytes();
  auto loc = peer.locations.find(site);
  std::optional<ByteRanges> ranges = resolveTarget(
      segment, offsets, origin, site, loc == peer.locations.end() ? nullptr : &loc->second);
  if (!ranges) return;

  uint32_t id;
  if (!freeRemote_.empty()) {
    id = freeRemote_.back();
    freeRemote_.pop_back();
  } else {
    id = static_cast<uint32_t>(remote_.size());
    remote_.push_back(std::make_unique<RemoteAccess>());
  }
  RemoteAccess &r = *remote_[id];
  r = RemoteAccess{};
  r.origin = origin;
  r.seq = seq;
  r.kind = (flags & 2) ? AccessKind::RemoteWrite : AccessKind::RemoteRead;
  r.atomicity = atomicity;
  r.context = context;
  r.segment = segment;
  r.ranges = std::move(*ranges);
  r.size = accessSize;
  r.snapshot = peer.snapshots.at(snapshotId);
  // The last signal of this process before the access (Thm. 4.1).
  r.regionStart = (*r.snapshot)[rank()];
  r.fenceCount = fc;
  r.lockEpoch = lockEpoch;
  r.provisional = flags & 4;
  r.bufferPending = flags & 8;
  r.direct = flags & 32;
  r.languageAtomic = flags & 64;
  r.site = site;
  peer.live.push_back(id);
  // A direct access is over when the load or store returns: any event of the origin after it
  // happens after its completion.
  if (r.direct) setRemoteCompletion(id, {origin, (*r.snapshot)[origin] + 1}, seq);
  if (r.provisional) {
    peer.provisional[lockEpoch].push_back(id);
    updateHorizon();
  }
  insertRemote(id);
}

bool Process::pairRaces(const RemoteAccess &a, const RemoteAccess &b) const {
  if (a.languageAtomic && b.languageAtomic) return false; // C/C++ atomics through shared memory
  if (!conflicting({a.kind, &a.atomicity, &a.ranges}, {b.kind, &b.atomicity, &b.ranges}))
    return false;
  if (a.origin == b.origin) {
    // Program order at the common origin: the earlier access completed before the later one
    // was issued, or a fence orders two writes (R6).
    const RemoteAccess &first = a.seq < b.seq ? a : b;
    const RemoteAccess &second = a.seq < b.seq ? b : a;
    if (first.completionSeq != kNoSequence && first.completionSeq <= second.seq) return false;
    if (first.completion.known() && first.completion.rank != first.origin &&
        (*second.snapshot)[first.completion.rank] >= first.completion.threshold)
      return false;
    if (first.kind == AccessKind::RemoteWrite && second.kind == AccessKind::RemoteWrite &&
        first.context == second.context && first.fenceCount < second.fenceCount)
      return false;
    // Ordered atomics (MPI accumulate_ordering).
    if (first.context == second.context &&
        orderedAtomics(first.atomicity, first.ranges, second.atomicity, second.ranges))
      return false;
    return true;
  }
  // Disjoint concurrent regions at this process (Fig. 4.9 line 10).
  if (a.regionEnd <= b.regionStart || b.regionEnd <= a.regionStart) return false;
  // External synchronisation of the origins (Fig. 4.9 line 19, Fig. 4.8).
  if (a.completion.known() && (*b.snapshot)[a.completion.rank] >= a.completion.threshold)
    return false;
  if (b.completion.known() && (*a.snapshot)[b.completion.rank] >= b.completion.threshold)
    return false;
  return true;
}

void Process::checkRemoteAgainstHistory(uint32_t id) {
  RemoteAccess &r = *remote_[id];
  auto visit = [&](const ShadowRecord &x, Address granule, uint8_t overlap) {
    switch (x.kind) {
    case RecordKind::Load:
    case RecordKind::Store: {
      if (r.origin == rank()) return; // program order, see checkAgainstPending
      if (r.languageAtomic && x.languageAtomic) return;
      AccessKind kind = x.kind == RecordKind::Store ? AccessKind::Store : AccessKind::Load;
      if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {kind, nullptr, nullptr})) return;
      if (x.epoch < r.regionStart || x.epoch >= r.regionEnd) return;
      report(RaceKind::Remote, firstByte(granule, overlap), describeLocal(x, overlap),
             describeRemote(r), {RegionSubject::Remote, id}, {Counterpart::Local, 0, x.epoch});
      return;
    }
    case RecordKind::Buffer: {
      if (r.origin == rank()) return;
      const OwnAccess &b = *own_[x.subject];
      if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {b.kind, nullptr, nullptr})) return;
      if (b.lastEpoch < r.regionStart || b.issueEpoch >= r.regionEnd) return;
      report(RaceKind::Remote, firstByte(granule, overlap), describeOwn(b), describeRemote(r),
             {RegionSubject::Remote, id}, {Counterpart::Own, x.subject, 0});
      return;
    }
    case RecordKind::Remote: {
      if (x.subject == id) return;
      const RemoteAccess &other = *remote_[x.subject];
      if (other.provisional) return; // checked when its epoch's ordering is known
      if (other.origin == rank() && r.origin == rank()) return;
      if (!pairRaces(other, r)) return;
      report(RaceKind::Remote, firstByte(granule, overlap), describeRemote(other),
             describeRemote(r), {RegionSubject::Remote, id}, {Counterpart::Remote, x.subject, 0});
      return;
    }
    }
  };
  for (const ByteRange &range : r.ranges.ranges()) {
    const auto &regions = history_.regions();
    for (uint32_t index = 0; index < regions.size(); ++index) {
      Address lo = std::max(range.begin, regions[index].userBase);
      Address hi = std::min(range.end, regions[index].userBase + regions[index].size);
      if (regions[index].size != 0 && lo < hi) history_.visit(index, lo, hi, visit);
    }
  }
}

void Process::insertRemote(uint32_t id) {
  RemoteAccess &r = *remote_[id];
  if (!r.provisional) checkRemoteAgainstHistory(id);
  ShadowRecord record;
  record.kind = RecordKind::Remote;
  record.subject = id;
  auto noVisit = [](const ShadowRecord &, Address, uint8_t) {};
  // Accesses whose check waits for their lock acquisition must still meet every older record;
  // looked up only when a record could be replaced.
  std::optional<bool> checksPending;
  auto replaced = [&](const ShadowRecord &x) {
    if (x.kind != RecordKind::Remote || !supersedes(r, *remote_[x.subject])) return false;
    if (!checksPending) {
      checksPending = false;
      for (const auto &[origin, peer] : incoming_) *checksPending |= !peer.provisional.empty();
    }
    return !*checksPending;
  };
  auto live = [&](const ShadowRecord &x) { return recordLive(x) && !replaced(x); };
  for (const ByteRange &range : r.ranges.ranges()) {
    const auto &regions = history_.regions();
    for (uint32_t index = 0; index < regions.size(); ++index) {
      Address lo = std::max(range.begin, regions[index].userBase);
      Address hi = std::min(range.end, regions[index].userBase + regions[index].size);
      if (regions[index].size != 0 && lo < hi)
        history_.insert(index, lo, hi, record, noVisit, live);
    }
  }
}

// A repeated access (the same call of one origin on the same bytes, e.g. a put and a flush in a
// loop) replaces the record of the previous one when that one completed before it was issued.
// Every access that can still race with the older one then races with the newer one, with the
// same pair of source locations, so keeping only the newest record bounds the history of such
// loops, which no synchronisation of the target prunes:
// - later local accesses lie after both region starts and before the older region's end, which
//   is not after the newer one's; later accesses of the same origin are issued after the older
//   one completed;
// - an access of another origin is ordered before the newer one but not the older one only
//   through what the origin learned in between: so the origin must have learned nothing about
//   other ranks (equal clocks but for its own entry). For this process's own accesses, what it
//   learned in between came with every access issued before it (the delivery guarantee), and
//   those were checked against the older record when they arrived.
// Accesses still waiting for their check (unconfirmed lock epochs) keep every record alive.
bool Process::supersedes(const RemoteAccess &newer, const RemoteAccess &older) const {
  if (&newer == &older || older.origin != newer.origin || older.site != newer.site ||
      older.kind != newer.kind || older.context != newer.context ||
      older.segment != newer.segment || older.provisional || newer.provisional ||
      older.direct != newer.direct || older.languageAtomic != newer.languageAtomic ||
      older.atomicity.op != newer.atomicity.op || older.atomicity.type != newer.atomicity.type)
    return false;
  if (older.completionSeq == kNoSequence || older.completionSeq > newer.seq) return false;
  if (older.ranges != newer.ranges) return false;
  if (older.origin == rank()) return true;
  if (older.regionStart != newer.regionStart || !older.snapshot || !newer.snapshot) return false;
  if (older.snapshot != newer.snapshot) {
    const VectorClock &a = *older.snapshot, &b = *newer.snapshot;
    if (a.size() != b.size()) return false;
    for (Rank q = 0; q < static_cast<Rank>(a.size()); ++q)
      if (q != older.origin && a[q] != b[q]) return false;
  }
  return true;
}

void Process::setRemoteCompletion(uint32_t id, CompletionPoint point, Sequence completionSeq) {
  RemoteAccess &r = *remote_[id];
  if (!r.open) return;
  r.open = false;
  r.completion = point;
  r.completionSeq = completionSeq;
  // The next wait of this process after the completion ends the region (Thm. 4.2).
  Epoch end = sync_.firstEpochKnowing(point.rank, point.threshold);
  if (end != kEpochInfinity) {
    r.regionEnd = end;
    releaseReports(RegionSubject::Remote, id);
  } else {
    pendingEnds_[point.rank][point.threshold].push_back(id);
  }
}

void Process::resolveRegionEnds() {
  std::vector<Rank> grown = sync_.takeAdvancedRanks();
  // Completions at this process (its own accesses of its memory) end at its own epochs.
  if (pendingEnds_.count(rank())) grown.push_back(rank());
  for (Rank rankGrown : grown) {
    auto it = pendingEnds_.find(rankGrown);
    if (it == pendingEnds_.end()) continue;
    auto &byThreshold = it->second;
    while (!byThreshold.empty() && byThreshold.begin()->first <= sync_.clock()[rankGrown]) {
      Epoch end = sync_.firstEpochKnowing(rankGrown, byThreshold.begin()->first);
      for (uint32_t id : byThreshold.begin()->second) {
        remote_[id]->regionEnd = end;
        releaseReports(RegionSubject::Remote, id);
      }
      byThreshold.erase(byThreshold.begin());
    }
    if (byThreshold.empty()) pendingEnds_.erase(it);
  }
}

void Process::onCompletionNotice(Rank origin, WireReader &in) {
  auto context = in.get<ContextId>();
  auto bound = in.get<Sequence>();
  auto kinds = in.get<uint8_t>();
  auto single = in.get<Sequence>();
  auto threshold = in.get<Epoch>();
  auto completionSeq = in.get<Sequence>();
  for (uint32_t id : incoming_[origin].live) {
    const RemoteAccess &r = *remote_[id];
    if (!r.open) continue;
    bool matches = single ? r.seq == single
                          : r.seq < bound && (context == kAnyContext || context == r.context);
    bool kindMatches = r.kind == AccessKind::RemoteRead ? (kinds & 1) : (kinds & 2);
    if (matches && kindMatches) setRemoteCompletion(id, {origin, threshold}, completionSeq);
  }
  compactLive(origin);
}

void Process::compactLive(Rank origin) {
  std::erase_if(incoming_[origin].live,
                [this](uint32_t id) { return remote_[id]->regionEnd != kEpochInfinity; });
}

void Process::completeAtTargetWait(uint32_t id) {
  RemoteAccess &r = *remote_[id];
  if (r.open) {
    setRemoteCompletion(id, {rank(), epoch()}, kNoSequence);
    return;
  }
  // A completion notice arrived first, but its region end is not known yet: this wait is earlier.
  auto ranks = pendingEnds_.find(r.completion.rank);
  if (ranks != pendingEnds_.end()) {
    auto at = ranks->second.find(r.completion.threshold);
    if (at != ranks->second.end()) std::erase(at->second, id);
  }
  r.completion = {rank(), epoch()};
  r.regionEnd = epoch();
  releaseReports(RegionSubject::Remote, id);
}

void Process::onNotify(Rank origin, WireReader &in) {
  NotifyRecord n;
  n.origin = origin;
  auto signalId = in.get<SignalId>();
  n.value = in.get<uint64_t>();
  n.context = in.get<ContextId>();
  n.fenceBound = in.get<uint64_t>();
  n.associated = in.get<Sequence>();
  n.notifySeq = in.get<Sequence>();
  notifications_.emplace(signalId, n);
}

void Process::targetWait(SignalId signal, std::optional<uint64_t> value, LocationHandle) {
  flushDirect();
  // Remote writes fence-ordered before an observed notification are complete at this wait
  // (R7, R8). The caller has synchronised (ticked) and drained before.
  std::map<Rank, std::vector<Sequence>> acks;
  auto [lo, hi] = notifications_.equal_range(signal);
  for (auto it = lo; it != hi;) {
    const NotifyRecord &n = it->second;
    if (value && n.value != *value) {
      ++it;
      continue;
    }
    for (uint32_t id : incoming_[n.origin].live) {
      const RemoteAccess &r = *remote_[id];
      if (r.regionEnd != kEpochInfinity) continue;
      if (r.kind != AccessKind::RemoteWrite || r.seq >= n.notifySeq) continue;
      bool fenced =
          (n.context == kAnyContext || r.context == n.context) && r.fenceCount < n.fenceBound;
      if (!fenced && r.seq != n.associated) continue;
      if (r.bufferPending) acks[n.origin].push_back(r.seq);
      completeAtTargetWait(id);
    }
    compactLive(n.origin);
    it = notifications_.erase(it);
  }
  for (auto &[origin, seqs] : acks) {
    PeerOut &peer = out(origin);
    WireWriter w(peer.open);
    w.put(WireTag::Ack);
    w.put<Epoch>(epoch());
    w.put<uint32_t>(static_cast<uint32_t>(seqs.size()));
    for (Sequence s : seqs) w.put<Sequence>(s);
  }
}

void Process::onEpochClock(Rank origin, WireReader &in) {
  auto lockEpoch = in.get<uint64_t>();
  VectorClock acquisition = in.getClock();
  PeerIn &peer = incoming_[origin];
  auto it = peer.provisional.find(lockEpoch);
  if (it == peer.provisional.end()) return;
  std::vector<uint32_t> ids = std::move(it->second);
  peer.provisional.erase(it);
  updateHorizon();
  for (uint32_t id : ids) finalizeProvisional(id, acquisition);
}

void Process::judgeProvisional() {
  std::vector<uint32_t> ids;
  for (auto &[origin, peer] : incoming_) {
    for (auto &[lockEpoch, pending] : peer.provisional)
      ids.insert(ids.end(), pending.begin(), pending.end());
    peer.provisional.clear();
  }
  updateHorizon();
  for (uint32_t id : ids) finalizeProvisional(id, VectorClock{});
}

void Process::finalizeProvisional(uint32_t id, const VectorClock &acquisition) {
  RemoteAccess &r = *remote_[id];
  if (!r.provisional) return;
  VectorClock merged = *r.snapshot;
  if (acquisition.size() == merged.size()) merged.merge(acquisition);
  r.snapshot = std::make_shared<const VectorClock>(std::move(merged));
  r.regionStart = (*r.snapshot)[rank()];
  r.provisional = false;
  checkRemoteAgainstHistory(id);
}

} // namespace rmarace
