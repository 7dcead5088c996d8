// The accesses of this process's own RMA calls: origin buffer accesses and remote accesses of its
// own memory. They are checked in program order: pending from the RMA call until its completion,
// and every plain access and every later RMA call is checked against the pending ones (Table 2.1,
// Table 2.2; docs/design.md "Concurrent regions"). Buffers in exposed memory are also recorded in
// its history, where remote accesses of other processes meet them.
#pragma once

#include "access_records.h"
#include "pending_index.h"
#include "race_reporter.h"
#include "rmarace/core/process.h"
#include "slot_pool.h"

#include <cstdint>

namespace rmarace {

class AccessHistory;
class Pruning;
class SyncState;
class TargetChecker;
struct ConflictOperand;
struct IssuedRemoteAccess;

class OwnAccesses {
public:
  OwnAccesses(const SyncState &sync, ProcessHost &host, AccessHistory &history,
              const TargetChecker &target, RaceReporter &reporter, const Pruning &pruning);
  void setListener(TrackingListener *listener) { listener_ = listener; }

  // A new pending access of `op`, the RMA call issued at `seq` after `fenceCount` fences.
  uint32_t add(AccessKind kind, const ByteRanges &ranges, const RmaOperation &op, Sequence seq,
               uint64_t fenceCount);
  // The access is complete, by the current thread's call at `site`; it may have happened until
  // `lastEpoch`. Inline: a completion call completes every buffer of its epoch.
  void complete(uint32_t id, Epoch lastEpoch, LocationHandle site);
  // Forgets completed accesses of a multithreaded process that every thread knows are complete.
  void sweepCompleted();

  bool hasPending() const { return !pending_.empty(); }
  // Whether any byte of [addr, addr+size) belongs to a pending access.
  bool pendingOverlaps(Address addr, uint64_t size) const {
    return pending_.overlaps(addr, addr + size, RangesOf{records_});
  }
  // Checks a new buffer access of an RMA call against the pending accesses (program order).
  void checkAgainstPending(const ByteRanges &ranges, AccessKind kind, LocationHandle site);
  // The same for an RMA call's access of this process's own memory, which its earlier calls'
  // pending accesses of that memory may be ordered before (orderedByIssue).
  void checkRemoteAgainstPending(const IssuedRemoteAccess &access, LocationHandle site);
  // The same for a plain load or store: one contiguous range, no allocation (the hot path).
  void checkPlainAgainstPending(Address addr, uint64_t size, AccessKind kind, bool languageAtomic,
                                LocationHandle site);
  // Records a buffer access in the history of the exposed memory it touches, checking it against
  // the remote accesses recorded there and against plain accesses of threads the issuing thread
  // is not ordered after.
  void recordOnExposed(uint32_t id);
  // Checks a buffer access of a multithreaded process against the earlier accesses of other
  // threads to the same memory that the host remembers as untracked (ProcessHost).
  void checkEarlierUntracked(uint32_t id);

  const OwnAccess &access(uint32_t id) const { return records_[id]; }
  OwnAccess &access(uint32_t id) { return records_[id]; }
  // For the collection of unreferenced records (Pruning).
  SlotPool<OwnAccess> &records() { return records_; }
  const SlotPool<OwnAccess> &records() const { return records_; }

private:
  // The ranges an access was added to the pending index with.
  struct RangesOf {
    const SlotPool<OwnAccess> &records;
    const ByteRanges &operator()(uint32_t id) const { return records[id].ranges; }
  };
  template <class OverlapOf>
  void checkCandidates(Address lo, Address hi, const OverlapOf &overlapOf,
                       const ConflictOperand &later, bool languageAtomic, LocationHandle site,
                       uint64_t size, const IssuedRemoteAccess *issued = nullptr);

  const SyncState &sync_;
  ProcessHost &host_;
  AccessHistory &history_;
  const TargetChecker &target_;
  RaceReporter &reporter_;
  const Pruning &pruning_;
  TrackingListener *listener_ = nullptr;

  // Whether the current thread's present point is after the access's completion.
  bool completionKnown(const OwnAccess &a) const;
  void untrack(uint32_t id);

  SlotPool<OwnAccess> records_;
  PendingIndex pending_;
  // Complete accesses still in the pending index: in a multithreaded process, a thread that did
  // not synchronise with the completing thread still races with them (3.6).
  std::vector<uint32_t> completedUnknown_;
};

} // namespace rmarace
