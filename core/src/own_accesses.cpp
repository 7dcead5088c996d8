#include "own_accesses.h"

#include "pruning.h"
#include "race_reporter.h"
#include "rmarace/core/conflict.h"
#include "rmarace/core/history.h"
#include "rmarace/core/process.h"
#include "rmarace/core/sync.h"
#include "target_checker.h"

#include <algorithm>

namespace rmarace {

OwnAccesses::OwnAccesses(const SyncState &sync, ProcessHost &host, AccessHistory &history,
                         const TargetChecker &target, RaceReporter &reporter,
                         const Pruning &pruning)
    : sync_(sync), host_(host), history_(history), target_(target), reporter_(reporter),
      pruning_(pruning) {}

uint32_t OwnAccesses::add(AccessKind kind, const ByteRanges &ranges, const RmaOperation &op,
                          Sequence seq, uint64_t fenceCount) {
  uint32_t id = records_.acquire();
  OwnAccess &a = records_[id];
  a.kind = kind;
  a.ranges = ranges;
  a.seq = seq;
  a.issueEpoch = sync_.epoch();
  a.thread = sync_.currentThread();
  a.site = op.site;
  a.atomicity = isRemote(kind) ? op.atomicity : Atomicity{};
  a.context = op.context;
  a.fenceCount = fenceCount;
  pending_.add(id, ranges);
  if (listener_)
    for (const ByteRange &r : ranges.ranges()) listener_->tracked(r.begin, r.end);
  return id;
}

void OwnAccesses::complete(uint32_t id, Epoch lastEpoch, LocationHandle site) {
  OwnAccess &a = records_[id];
  a.completionSite = site;
  if (!a.pending) return;
  a.pending = false;
  a.lastEpoch = lastEpoch;
  a.completionThread = sync_.currentThread();
  reporter_.releaseReports(RegionSubject::Own, id);
  if (sync_.multithreaded()) {
    completedUnknown_.push_back(id);
    return;
  }
  untrack(id);
}

void OwnAccesses::untrack(uint32_t id) {
  OwnAccess &a = records_[id];
  pending_.remove(id, a.ranges);
  if (listener_)
    for (const ByteRange &r : a.ranges.ranges()) listener_->untracked(r.begin, r.end);
}

bool OwnAccesses::completionKnown(const OwnAccess &a) const {
  return !a.pending &&
         sync_.knows(sync_.currentThread(), {sync_.self(), a.completionThread}, a.lastEpoch + 1);
}

void OwnAccesses::sweepCompleted() {
  std::erase_if(completedUnknown_, [this](uint32_t id) {
    const OwnAccess &a = records_[id];
    if (!sync_.knownToEveryThread({sync_.self(), a.completionThread}, a.lastEpoch + 1))
      return false;
    untrack(id);
    return true;
  });
}

// Visits the pending accesses that may overlap [lo, hi) once each, in address order;
// `overlapOf` gives the first bytes a pending access shares with the new one.
template <class OverlapOf>
void OwnAccesses::checkCandidates(Address lo, Address hi, const OverlapOf &overlapOf,
                                  const ConflictOperand &later, bool languageAtomic,
                                  LocationHandle site, uint64_t size,
                                  const IssuedRemoteAccess *issued) {
  pending_.forEachCandidate(lo, hi, RangesOf{records_}, [&](uint32_t id) {
    const OwnAccess &p = records_[id];
    if (completionKnown(p)) return;
    ByteRange overlap = overlapOf(p);
    if (overlap.size() == 0) return;
    if (!conflicting({p.kind, &p.atomicity, &p.ranges}, later)) return;
    if (issued && isRemote(p.kind) &&
        orderedByIssue({p.kind, p.context, p.fenceCount, &p.atomicity, &p.ranges}, *issued))
      return;
    AccessRecord record;
    record.rank = sync_.self();
    record.thread = sync_.currentThread();
    record.kind = later.kind;
    record.languageAtomic = languageAtomic;
    record.size = size;
    record.location = host_.resolve(site);
    if (later.atomicity) {
      record.atomicOp = later.atomicity->op;
      record.atomicType = later.atomicity->type;
    }
    RaceKind raceKind =
        isRemote(p.kind) || isRemote(later.kind) ? RaceKind::Remote : RaceKind::LocalBuffer;
    reporter_.report(raceKind, overlap.begin, reporter_.describeOwn(p), record,
                     {RegionSubject::Own, id}, Counterpart{});
  });
}

void OwnAccesses::checkAgainstPending(const ByteRanges &ranges, AccessKind kind,
                                      LocationHandle site) {
  if (pending_.empty()) return;
  auto overlapOf = [&](const OwnAccess &p) { return p.ranges.firstOverlap(ranges); };
  checkCandidates(ranges.lowest(), ranges.highest(), overlapOf, {kind, nullptr, &ranges}, false,
                  site, ranges.totalBytes());
}

void OwnAccesses::checkRemoteAgainstPending(const IssuedRemoteAccess &access, LocationHandle site) {
  if (pending_.empty()) return;
  const ByteRanges &ranges = *access.ranges;
  auto overlapOf = [&](const OwnAccess &p) { return p.ranges.firstOverlap(ranges); };
  checkCandidates(ranges.lowest(), ranges.highest(), overlapOf,
                  {access.kind, access.atomicity, &ranges}, false, site, ranges.totalBytes(),
                  &access);
}

void OwnAccesses::checkPlainAgainstPending(Address addr, uint64_t size, AccessKind kind,
                                           bool languageAtomic, LocationHandle site) {
  Address end = addr + size;
  auto overlapOf = [&](const OwnAccess &p) { return p.ranges.firstOverlap(addr, end); };
  // A plain access is neither remote nor atomic: its conflicts need no ranges.
  checkCandidates(addr, end, overlapOf, {kind, nullptr, nullptr}, languageAtomic, site, size);
}

void OwnAccesses::recordOnExposed(uint32_t id) {
  const OwnAccess &own = records_[id];
  auto visit = [&](const ShadowRecord &x, Address granule, uint8_t overlap) {
    if (x.kind == RecordKind::Load || x.kind == RecordKind::Store) {
      // A plain access of another thread that the issuing thread does not know of (dissertation
      // 2.3.5): the call's buffer access may happen together with it.
      if (x.thread == own.thread || sync_.knows(own.thread, {sync_.self(), x.thread}, x.epoch + 1))
        return;
      AccessKind kind = x.kind == RecordKind::Store ? AccessKind::Store : AccessKind::Load;
      if (!conflicting({own.kind, nullptr, nullptr}, {kind, nullptr, nullptr})) return;
      reporter_.report(RaceKind::LocalBuffer, firstByte(granule, overlap),
                       reporter_.describeOwn(own), reporter_.describeLocal(x, overlap),
                       {RegionSubject::Own, id}, {Counterpart::Local, 0, x.epoch, x.thread});
      return;
    }
    if (x.kind != RecordKind::Remote) return;
    const RemoteAccess &r = target_.remote(x.subject);
    if (r.origin == sync_.self() || r.provisional) return;
    if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {own.kind, nullptr, nullptr})) return;
    // The buffer access may happen from now until its completion (still open).
    if (target_.regionEnd(r, own.thread) <= own.issueEpoch) return;
    reporter_.report(RaceKind::Remote, firstByte(granule, overlap), reporter_.describeRemote(r),
                     reporter_.describeOwn(own), {RegionSubject::Remote, x.subject},
                     {Counterpart::Own, id, 0});
  };
  auto live = [this](const ShadowRecord &r) { return pruning_.live(r); };
  ShadowRecord record;
  record.kind = RecordKind::Buffer;
  record.subject = id;
  const auto &regions = history_.regions();
  for (uint32_t index = 0; index < regions.size(); ++index) {
    Address lo = regions[index].userBase;
    Address hi = lo + regions[index].size;
    if (regions[index].size == 0 || !own.ranges.overlaps(lo, hi)) continue;
    for (const ByteRange &range : own.ranges.ranges()) {
      Address begin = std::max(range.begin, lo);
      Address end = std::min(range.end, hi);
      if (begin < end) history_.insert(index, begin, end, record, visit, live);
    }
  }
}

void OwnAccesses::checkEarlierUntracked(uint32_t id) {
  if (!sync_.multithreaded()) return;
  const OwnAccess &own = records_[id];
  for (const ByteRange &range : own.ranges.ranges()) {
    host_.untrackedAccesses(range.begin, range.end, [&](const UntrackedAccess &x) {
      if (x.thread == own.thread || sync_.knows(own.thread, {sync_.self(), x.thread}, x.epoch + 1))
        return;
      AccessKind kind = x.write ? AccessKind::Store : AccessKind::Load;
      if (!conflicting({own.kind, nullptr, nullptr}, {kind, nullptr, nullptr})) return;
      Address begin = std::max(x.begin, range.begin);
      Address end = std::min(x.end, range.end);
      if (begin >= end) return;
      reporter_.report(RaceKind::LocalBuffer, begin, reporter_.describeOwn(own),
                       reporter_.describeUntracked(x, end - begin), {RegionSubject::Own, id},
                       {Counterpart::Local, 0, x.epoch, x.thread});
    });
  }
}

} // namespace rmarace
