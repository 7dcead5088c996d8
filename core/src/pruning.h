// Which records can still race, and reclaiming those that cannot (docs/design.md "Exact access
// histories"). The prune horizon is the lowest epoch any access this process has not checked yet
// can start its region at: a plain-access record of an older epoch, or a remote access whose
// region ended before it, can race with nothing that is still to come.
#pragma once

#include "own_accesses.h"
#include "rmarace/core/history.h"
#include "rmarace/core/types.h"
#include "target_checker.h"

namespace rmarace {

class RaceReporter;
class SyncState;

class Pruning {
public:
  Pruning(SyncState &sync, AccessHistory &history, OwnAccesses &own, TargetChecker &target,
          const RaceReporter &reporter);

  Epoch horizon() const { return horizon_; }
  // Recomputes the horizon from what the clocks guarantee and the accesses still waiting for
  // their check; forgets the sites of epochs no report can name any more.
  void updateHorizon();
  // Whether a history record may still take part in a race. Asked for every record a history
  // update meets, hence inline.
  bool live(const ShadowRecord &r) const {
    switch (r.kind) {
    case RecordKind::Load:
    case RecordKind::Store:
      return r.epoch >= horizon_;
    case RecordKind::Buffer: {
      const OwnAccess &a = own_.access(r.subject);
      return a.pending || a.lastEpoch >= horizon_;
    }
    case RecordKind::Remote: {
      const RemoteAccess &a = target_.remote(r.subject);
      return a.provisional || a.regionEnd == kEpochInfinity || a.regionEnd > horizon_;
    }
    }
    return true;
  }
  // Drops dead records from the history and frees the access records nothing refers to.
  void collectGarbage();

private:
  SyncState &sync_;
  AccessHistory &history_;
  OwnAccesses &own_;
  TargetChecker &target_;
  const RaceReporter &reporter_;
  // Records older than this epoch can no longer race (see live()).
  Epoch horizon_ = 0;
};

} // namespace rmarace
