#include "target_checker.h"

#include "own_accesses.h"
#include "pruning.h"
#include "race_reporter.h"
#include "region_ends.h"
#include "rmarace/core/conflict.h"
#include "rmarace/core/history.h"
#include "rmarace/core/sync.h"
#include "segment_table.h"

#include <algorithm>
#include <optional>

namespace rmarace {

TargetChecker::TargetChecker(const SyncState &sync, ProcessHost &host, AccessHistory &history,
                             const SegmentTable &segments, const OwnAccesses &own,
                             RaceReporter &reporter, Pruning &pruning, RegionEnds &ends)
    : sync_(sync), host_(host), history_(history), segments_(segments), own_(own),
      reporter_(reporter), pruning_(pruning), ends_(ends) {}

const Location *TargetChecker::peerLocation(Rank origin, LocationHandle site) const {
  auto peer = incoming_.find(origin);
  if (peer == incoming_.end()) return nullptr;
  auto loc = peer->second.locations.find(site);
  return loc == peer->second.locations.end() ? nullptr : &loc->second;
}

void TargetChecker::onLocation(Rank origin, wire::LocationRecord &&record) {
  incoming_[origin].locations[record.handle] = std::move(record.location);
}

void TargetChecker::onSnapshot(Rank origin, wire::SnapshotRecord &&record) {
  PeerIn &peer = incoming_[origin];
  auto clock = std::make_shared<const VectorClock>(std::move(record.clock));
  // Older snapshots are only referenced by accesses that already hold them: the oldest one's
  // map entry takes the new snapshot.
  auto &snapshots = peer.snapshots;
  if (!snapshots.empty() && snapshots.rbegin()->first < record.id) {
    auto entry = snapshots.extract(snapshots.begin());
    entry.key() = record.id;
    entry.mapped() = std::move(clock);
    snapshots.insert(std::move(entry));
  } else {
    snapshots[record.id] = std::move(clock);
  }
  while (snapshots.size() > 1 && snapshots.begin()->first < record.id)
    snapshots.erase(snapshots.begin());
}

void TargetChecker::onRemoteAccess(Rank origin, const wire::RemoteAccessRecord &record) {
  PeerIn &peer = incoming_[origin];
  auto loc = peer.locations.find(record.site);
  std::optional<ByteRanges> ranges =
      segments_.resolveTarget(record.segment, record.offsets, origin, record.site,
                              loc == peer.locations.end() ? nullptr : &loc->second);
  if (!ranges) return;

  uint32_t id = records_.acquire();
  RemoteAccess &r = records_[id];
  r.origin = origin;
  r.thread = record.thread;
  r.seq = record.seq;
  r.kind = record.remoteWrite ? AccessKind::RemoteWrite : AccessKind::RemoteRead;
  r.atomicity = record.atomicity;
  r.context = record.context;
  r.segment = record.segment;
  r.ranges = std::move(*ranges);
  r.size = record.direct ? record.accessSize : record.offsets.totalBytes();
  r.snapshot = peer.snapshots.at(record.snapshot);
  // The last signal of this process before the access (Thm. 4.1).
  r.regionStart = (*r.snapshot)[sync_.self()];
  r.fenceCount = record.fenceCount;
  r.lockEpoch = record.lockEpoch;
  r.provisional = record.provisional;
  r.bufferPending = record.bufferPending;
  r.direct = record.direct;
  r.languageAtomic = record.languageAtomic;
  r.site = record.site;
  peer.live.push_back(id);
  peer.liveStartMin = std::min(peer.liveStartMin, r.regionStart);
  peer.open.push_back(id);
  // A direct access is over when the load or store returns: any event of the origin after it
  // happens after its completion.
  if (r.direct)
    ends_.setCompletion(id, {origin, r.snapshot->at({origin, r.thread}) + 1, r.thread}, record.seq);
  if (r.provisional) {
    ++provisional_;
    peer.provisional[record.lockEpoch].push_back(id);
    pruning_.updateHorizon();
  }
  insert(id);
}

uint32_t TargetChecker::recordSelfAccess(const RmaOperation &op, AccessKind kind,
                                         const ByteRanges &ranges, Sequence seq,
                                         uint64_t fenceCount) {
  uint32_t id = records_.acquire();
  RemoteAccess &r = records_[id];
  r.origin = sync_.self();
  r.thread = sync_.currentThread();
  r.seq = seq;
  r.kind = kind;
  r.atomicity = op.atomicity;
  r.context = op.context;
  r.segment = op.segment;
  r.ranges = ranges;
  r.size = ranges.totalBytes();
  r.regionStart = sync_.epoch();
  r.snapshot = std::make_shared<const VectorClock>(sync_.clock());
  r.fenceCount = fenceCount;
  r.site = op.site;
  if (kind == AccessKind::RemoteWrite) selfWrites_.push_back(id);
  insert(id);
  return id;
}

void TargetChecker::dropFinishedSelfWrites() {
  std::erase_if(selfWrites_,
                [this](uint32_t id) { return !records_.inUse(id) || !records_[id].open; });
}

Epoch TargetChecker::regionStart(const RemoteAccess &r, ThreadId t) const {
  if (t == kInitialThread || !r.snapshot) return r.regionStart;
  return r.snapshot->at({sync_.self(), t});
}

Epoch TargetChecker::regionEnd(const RemoteAccess &r, ThreadId t) const {
  if (t == kInitialThread) return r.regionEnd;
  if (!r.completion.known()) return kEpochInfinity;
  return sync_.firstEpochKnowing(t, r.completion.slot(), r.completion.threshold);
}

bool TargetChecker::overlapsOwn(const RemoteAccess &r, const OwnAccess &b) const {
  return b.lastEpoch >= regionStart(r, b.completionThread) && b.issueEpoch < regionEnd(r, b.thread);
}

// Program order of a thread: the origin's call that completed `first` came before `second` was
// issued, by the thread that issued `second` or by one that thread learned the completion from
// (another thread's completion orders nothing the issuing thread did not learn of).
bool TargetChecker::completedBeforeIssue(const RemoteAccess &first,
                                         const RemoteAccess &second) const {
  if (first.completionSeq == kNoSequence || first.completionSeq > second.seq) return false;
  const CompletionPoint &c = first.originCompletion;
  return c.thread == second.thread || (second.snapshot && c.knownTo(*second.snapshot));
}

bool TargetChecker::racing(const RemoteAccess &a, const RemoteAccess &b) const {
  if (a.languageAtomic && b.languageAtomic) return false; // C/C++ atomics through shared memory
  if (!conflicting({a.kind, &a.atomicity, &a.ranges}, {b.kind, &b.atomicity, &b.ranges}))
    return false;
  if (a.origin == b.origin) {
    // Program order at the common origin: the earlier access completed before the later one
    // was issued, or the origin's program order alone orders them (orderedByIssue).
    const RemoteAccess &first = a.seq < b.seq ? a : b;
    const RemoteAccess &second = a.seq < b.seq ? b : a;
    if (completedBeforeIssue(first, second)) return false;
    if (first.completion.known() && first.completion.rank != first.origin &&
        first.completion.knownTo(*second.snapshot))
      return false;
    return !orderedByIssue(
        {first.kind, first.context, first.fenceCount, &first.atomicity, &first.ranges},
        {second.kind, second.context, second.fenceCount, &second.atomicity, &second.ranges});
  }
  // Disjoint concurrent regions at this process (Fig. 4.9 line 10): a thread of it knew one
  // access complete before the other's origin learned of that thread's epoch.
  for (ThreadId t = 0; t < sync_.threadCount(); ++t) {
    if (regionEnd(a, t) <= regionStart(b, t) || regionEnd(b, t) <= regionStart(a, t)) return false;
  }
  // External synchronisation of the origins (Fig. 4.9 line 19, Fig. 4.8).
  if (b.snapshot && a.completion.knownTo(*b.snapshot)) return false;
  if (a.snapshot && b.completion.knownTo(*a.snapshot)) return false;
  return true;
}

void TargetChecker::check(uint32_t id) {
  const RemoteAccess &r = records_[id];
  Rank self = sync_.self();
  auto visit = [&](const ShadowRecord &x, Address granule, uint8_t overlap) {
    switch (x.kind) {
    case RecordKind::Load:
    case RecordKind::Store: {
      if (r.origin == self) return; // program order, see OwnAccesses::checkAgainstPending
      if (r.languageAtomic && x.languageAtomic) return;
      AccessKind kind = x.kind == RecordKind::Store ? AccessKind::Store : AccessKind::Load;
      if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {kind, nullptr, nullptr})) return;
      if (x.epoch < regionStart(r, x.thread) || x.epoch >= regionEnd(r, x.thread)) return;
      reporter_.report(RaceKind::Remote, firstByte(granule, overlap),
                       reporter_.describeLocal(x, overlap), reporter_.describeRemote(r),
                       {RegionSubject::Remote, id}, {Counterpart::Local, 0, x.epoch, x.thread});
      return;
    }
    case RecordKind::Buffer: {
      if (r.origin == self) return;
      const OwnAccess &b = own_.access(x.subject);
      if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {b.kind, nullptr, nullptr})) return;
      if (!overlapsOwn(r, b)) return;
      reporter_.report(RaceKind::Remote, firstByte(granule, overlap), reporter_.describeOwn(b),
                       reporter_.describeRemote(r), {RegionSubject::Remote, id},
                       {Counterpart::Own, x.subject, 0});
      return;
    }
    case RecordKind::Remote: {
      if (x.subject == id) return;
      const RemoteAccess &other = records_[x.subject];
      if (other.provisional) return; // checked when its epoch's ordering is known
      if (other.origin == self && r.origin == self) return;
      if (!racing(other, r)) return;
      reporter_.report(RaceKind::Remote, firstByte(granule, overlap),
                       reporter_.describeRemote(other), reporter_.describeRemote(r),
                       {RegionSubject::Remote, id}, {Counterpart::Remote, x.subject, 0});
      return;
    }
    }
  };
  forEachPart(r.ranges, [&](uint32_t index, Address lo, Address hi) {
    history_.visit(index, lo, hi, visit);
  });
}

void TargetChecker::insert(uint32_t id) {
  if (!records_[id].provisional) check(id);
  record(id);
}

void TargetChecker::record(uint32_t id) {
  const RemoteAccess &r = records_[id];
  ShadowRecord record;
  record.kind = RecordKind::Remote;
  record.subject = id;
  auto noVisit = [](const ShadowRecord &, Address, uint8_t) {};
  auto replaced = [&](const ShadowRecord &x) {
    if (x.kind != RecordKind::Remote || !supersedes(r, records_[x.subject])) return false;
    records_[x.subject].superseded = true;
    return true;
  };
  auto live = [&](const ShadowRecord &x) { return pruning_.live(x) && !replaced(x); };
  forEachPart(r.ranges, [&](uint32_t index, Address lo, Address hi) {
    history_.insert(index, lo, hi, record, noVisit, live);
  });
}

void TargetChecker::dropRepeatsBefore(uint32_t id, std::vector<uint32_t> &dropped) {
  const RemoteAccess &newer = records_[id];
  if (newer.ranges.empty() || !knowsClockOf(newer)) return;
  // Older repeats cover the same bytes: they are all in the cell of the first one.
  std::vector<uint32_t> older;
  Address first = newer.ranges.ranges().front().begin;
  forEachPart(ByteRanges(first, 1), [&](uint32_t index, Address lo, Address hi) {
    history_.visit(index, lo, hi, [&](const ShadowRecord &x, Address, uint8_t) {
      if (x.kind == RecordKind::Remote && x.subject != id &&
          replacesEnded(newer, records_[x.subject]))
        older.push_back(x.subject);
    });
  });
  for (uint32_t old : older) {
    auto other = [old](const ShadowRecord &x) {
      return x.kind != RecordKind::Remote || x.subject != old;
    };
    forEachPart(records_[old].ranges, [&](uint32_t index, Address lo, Address hi) {
      history_.filter(index, lo, hi, other);
    });
    records_[old].superseded = true;
    if (records_[old].completionSeq == kNoSequence) records_[id].replacedUncompleted = true;
    // Only a held report could still compare it: the clock goes now, the slot later.
    if (!reporter_.holdsAny()) records_[old].snapshot.reset();
    dropped.push_back(old);
  }
}

// Whether `older` and `newer` are accesses of one call of one origin on the same bytes.
bool TargetChecker::sameCall(const RemoteAccess &newer, const RemoteAccess &older) const {
  return &newer != &older && older.origin == newer.origin && older.site == newer.site &&
         older.kind == newer.kind && older.context == newer.context &&
         older.segment == newer.segment && !older.provisional && !newer.provisional &&
         older.direct == newer.direct && older.languageAtomic == newer.languageAtomic &&
         older.atomicity.op == newer.atomicity.op && older.atomicity.type == newer.atomicity.type &&
         older.ranges == newer.ranges;
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
// The same holds for an access still waiting for its check (an unconfirmed lock epoch): its final
// clock only adds what its origin learned, and whatever orders it after the newer one's region
// end, or before both region starts, orders it so against the older one too. The repeats of lock
// epochs are provisional themselves when they arrive: they replace their older repeats when their
// acquisition is confirmed. (Once the newer one's region has ended too, replacesEnded() allows
// an origin that learned something in between.)
bool TargetChecker::supersedes(const RemoteAccess &newer, const RemoteAccess &older) const {
  if (!sameCall(newer, older) || !completedBeforeIssue(older, newer)) return false;
  if (older.origin == sync_.self()) return true;
  if (older.regionStart != newer.regionStart || !older.snapshot || !newer.snapshot) return false;
  if (older.snapshot != newer.snapshot) {
    const VectorClock &a = *older.snapshot, &b = *newer.snapshot;
    if (a.size() != b.size()) return false;
    for (Rank q = 0; q < static_cast<Rank>(a.size()); ++q)
      if (q != older.origin && a[q] != b[q]) return false;
    if (!std::equal(a.threadEntries().begin(), a.threadEntries().end(), b.threadEntries().begin(),
                    b.threadEntries().end()))
      return false;
  }
  return true;
}

// A repeat whose region has ended replaces an older repeat whose region ended before, whatever
// its origin learned in between (with point-to-point synchronisation the origin's clock changes
// with every message, so supersedes() never applies). Conditions: both issued by the same thread
// of the origin; the older one completed before the newer one was issued (at the origin in
// program order, or at a point the newer one's clock knows); both completed at points of the same
// thread, the older one first: of the origin (a flush, Table 4.2) or of this process (a target
// wait on a notification, R7/R8); at the origin both completed alike, the older one first, or
// neither did; and this process knows the newer one's whole clock (knowsClockOf). Asked at a
// point where every batch the clocks of this process promise has been processed and no access
// waits for its check (Pruning::reclaimRepeats), call it D. Let b be an access checked after D,
// against a history holding `newer` but not `older`; b races with `older` (Fig. 4.9) only if it
// races with `newer`:
// - b a plain load or store, or an RMA call of this process (also on its own memory): made by
//   thread t at an epoch not before t's epoch at D, so not before the newer region's start (the
//   origin cannot know a later epoch of t); inside the older region only if inside the newer one,
//   since t learns the older completion point no later than the newer one (Thm. 4.2;
//   firstEpochKnowing is monotonic in the threshold).
// - b from the same origin: issued after `newer` (batches of one origin arrive in program order).
//   Whatever orders b after `newer` orders it after `older`: a completion point known to b's
//   clock (the older one is earlier on the same thread); a fence (the older fence count is not
//   larger); the origin completion of `newer` before b in program order (the older one's is
//   earlier, on the same thread). An origin completion of `newer` that arrives after D completes
//   `older` alike when it completes every earlier access (a flush); one that completes `newer`
//   alone (a request) is not applied to it (RegionEnds::onCompletionNotice).
// - b from another origin r: if b's clock knows the newer completion point it knows the older one,
//   and if b's region starts after the newer region's end it starts after the older one's. What
//   else could put b before `newer` only: b's region ending before the newer region starts, or
//   the newer access's clock knowing b's completion. Both need this process to know b's
//   completion point at D: the newer region starts at an epoch before D, and b's region ends
//   where this process learns b's completion (Thm. 4.2); this process knows the newer access's
//   clock. But b's record left r in a batch sealed before r's synchronisation that published the
//   completion, and the ledger entries that travel with that knowledge made this process wait
//   for the batch (docs/design.md "Delivery guarantee"): b would have been checked before D,
//   against `older`.
// Accesses checked before D met `older` already; held reports keep their records alive.
bool TargetChecker::replacesEnded(const RemoteAccess &newer, const RemoteAccess &older) const {
  if (older.origin == sync_.self() || older.thread != newer.thread || !sameCall(newer, older))
    return false;
  if (older.regionEnd == kEpochInfinity || newer.regionEnd == kEpochInfinity ||
      older.fenceCount > newer.fenceCount)
    return false;
  auto earlier = [](const CompletionPoint &a, const CompletionPoint &b) {
    return a.slot() == b.slot() && a.threshold <= b.threshold;
  };
  const CompletionPoint &c = newer.completion;
  if ((c.rank != newer.origin && c.rank != sync_.self()) || !earlier(older.completion, c))
    return false;
  if (!completedBeforeIssue(older, newer) &&
      !(newer.snapshot && older.completion.knownTo(*newer.snapshot)))
    return false;
  if (newer.completionSeq == kNoSequence) return older.completionSeq == kNoSequence;
  return older.completionSeq != kNoSequence && older.completionSeq <= newer.completionSeq &&
         earlier(older.originCompletion, newer.originCompletion);
}

bool TargetChecker::knowsClockOf(const RemoteAccess &r) {
  if (!r.snapshot) return false;
  PeerIn &peer = incoming_[r.origin];
  if (peer.knownSnapshot == r.snapshot) return true;
  // A snapshot costs as much to receive as to compare: once per snapshot in the common case.
  const VectorClock &known = sync_.clockOf(kInitialThread);
  if (r.snapshot->size() != known.size() || !r.snapshot->lessOrEqual(known)) return false;
  peer.knownSnapshot = r.snapshot;
  return true;
}

void TargetChecker::onEpochClock(Rank origin, const wire::EpochClockRecord &record) {
  PeerIn &peer = incoming_[origin];
  auto it = peer.provisional.find(record.lockEpoch);
  if (it == peer.provisional.end()) return;
  std::vector<uint32_t> ids = std::move(it->second);
  peer.provisional.erase(it);
  pruning_.updateHorizon();
  for (uint32_t id : ids) finalizeProvisional(id, record.clock);
}

void TargetChecker::finishProvisional() {
  for (auto &[origin, peer] : incoming_) {
    for (auto &[epochId, ids] : peer.provisional) {
      for (uint32_t id : ids) finalizeProvisional(id, VectorClock(sync_.clock().size()));
    }
    peer.provisional.clear();
  }
}

void TargetChecker::judgeProvisional() {
  std::vector<uint32_t> ids;
  for (auto &[origin, peer] : incoming_) {
    for (auto &[lockEpoch, pending] : peer.provisional)
      ids.insert(ids.end(), pending.begin(), pending.end());
    peer.provisional.clear();
  }
  pruning_.updateHorizon();
  for (uint32_t id : ids) finalizeProvisional(id, VectorClock{});
}

void TargetChecker::finalizeProvisional(uint32_t id, const VectorClock &acquisition) {
  RemoteAccess &r = records_[id];
  if (!r.provisional) return;
  VectorClock merged = *r.snapshot;
  if (acquisition.size() == merged.size()) merged.merge(acquisition);
  r.snapshot = std::make_shared<const VectorClock>(std::move(merged));
  r.regionStart = (*r.snapshot)[sync_.self()];
  r.provisional = false;
  --provisional_;
  check(id);
  record(id);
}

} // namespace rmarace
