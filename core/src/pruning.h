// Which records can still race, and reclaiming those that cannot (docs/design.md "Exact access
// histories"). The prune horizon is the lowest epoch any access this process has not checked yet
// can start its region at: a plain-access record of an older epoch, or a remote access whose
// region ended before it, can race with nothing that is still to come.
#pragma once

#include "own_accesses.h"
#include "region_ends.h"
#include "rmarace/core/history.h"
#include "rmarace/core/types.h"
#include "target_checker.h"

#include <vector>

namespace rmarace {

class RaceReporter;
class SyncState;

class Pruning {
public:
  // Access records are collected too when their number has doubled, from this many: repeats of
  // one call that no synchronisation of the target prunes are superseded, not pruned.
  static constexpr std::size_t kRecordCollectionFloor = 1024;

  Pruning(SyncState &sync, AccessHistory &history, OwnAccesses &own, TargetChecker &target,
          RegionEnds &ends, const RaceReporter &reporter);

  Epoch horizon() const { return horizon_; }
  Epoch horizon(ThreadId t) const {
    return t == kInitialThread ? horizon_ : t < threadHorizons_.size() ? threadHorizons_[t] : 0;
  }
  // Recomputes the horizon from what the clocks guarantee and the accesses still waiting for
  // their check; forgets the sites of epochs no report can name any more.
  void updateHorizon();
  // Whether a history record may still take part in a race. Asked for every record a history
  // update meets, hence inline.
  bool live(const ShadowRecord &r) const {
    switch (r.kind) {
    case RecordKind::Load:
    case RecordKind::Store:
      // Another thread's later RMA call may still read or write these bytes as its buffer.
      return r.epoch >= horizon(r.thread) ||
             (sync_.multithreaded() &&
              !sync_.knownToEveryThread({sync_.self(), r.thread}, r.epoch + 1));
    case RecordKind::Buffer: {
      const OwnAccess &a = own_.access(r.subject);
      if (a.pending) return true;
      // Memory no other process accesses: only threads of this one that do not know the
      // completion yet can still meet the record.
      if (!a.onExposed)
        return !sync_.knownToEveryThread({sync_.self(), a.completionThread}, a.lastEpoch + 1);
      return a.lastEpoch >= horizon_;
    }
    case RecordKind::Remote: {
      const RemoteAccess &a = target_.remote(r.subject);
      return a.provisional || a.regionEnd == kEpochInfinity || a.regionEnd > horizon_ ||
             (sync_.multithreaded() && !knownToEveryThread(a.completion));
    }
    }
    return true;
  }
  // Drops dead records from the history and frees the access records nothing refers to.
  void collectGarbage();
  // After a wait: drops the older repeats of the remote accesses whose region has ended
  // (TargetChecker::replacesEnded), without a collection, so that point-to-point synchronisation
  // alone bounds the records of a loop of RMA calls. `delivered`: every batch the clocks promise
  // has been processed (the ledger is satisfied and nothing is queued).
  void reclaimRepeats(bool delivered);
  // Whether enough access records accumulated since the last collection to collect again.
  bool shouldCollect() const;

private:
  SyncState &sync_;
  AccessHistory &history_;
  OwnAccesses &own_;
  TargetChecker &target_;
  RegionEnds &ends_;
  const RaceReporter &reporter_;
  // Whether every thread of this process knows `point` (then no later access of any thread can
  // fall into the region it ends).
  bool knownToEveryThread(const CompletionPoint &point) const;

  // Records older than this epoch can no longer race (see live()).
  Epoch horizon_ = 0;
  std::vector<Epoch> threadHorizons_; // the same for every thread (initial thread included)
  std::size_t recordsAfterCollect_ = 0;
  // Repeats dropped from the history whose slots wait for release: the lists of accesses by
  // origin may still name them, and are cleaned once for many (amortised constant time each).
  static constexpr std::size_t kDroppedFloor = 16;
  std::vector<uint32_t> dropped_;
  void releaseDropped();
};

} // namespace rmarace
