// Access epochs of this process's RMA calls and the clock each orders its operations after:
// passive target epochs (lock, lock_all), whose clock is the deposit of earlier lock holders once
// the acquisition is known, and active target epochs (PSCW start), whose clock is the target's at
// post (4.3.1). Only the epoch's RMA operations are ordered, not this process's loads and stores.
#pragma once

#include "rmarace/core/sync.h"
#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"

#include <cstdint>
#include <map>
#include <utility>

namespace rmarace {

class Outbox;

class AccessEpochs {
public:
  AccessEpochs(SyncState &sync, Outbox &outbox);

  struct EpochClock {
    VectorClock clock;
    uint64_t version = 0; // changes whenever `clock` or `acquired` does
    bool passive = false;
    bool acquired = false;
    uint64_t lockEpoch = 0; // passive epochs: numbers them for the targets
  };

  // `target` may be Process::kAllRanks.
  void openPassive(ContextId context, Rank target);
  void acquisitionKnown(ContextId context, Rank target, const ResourcePayload &deposit);
  void closePassive(ContextId context, Rank target);
  void openActive(ContextId context, Rank target, const ClockPayload &post);
  void closeActive(ContextId context);

  // The epoch an RMA call on `target` in `context` belongs to, if any.
  const EpochClock *find(ContextId context, Rank target);

  // Versions the clock a remote access is issued with: this process's clock changed.
  void clockChanged() { ++clockVersion_; }
  uint64_t clockVersion() const { return clockVersion_; }

private:
  // The epoch of (context, target), a copy of the lock_all epoch of the context if only that
  // exists; end() if neither does.
  std::map<std::pair<ContextId, Rank>, EpochClock>::iterator lookup(ContextId context, Rank target);

  SyncState &sync_;
  Outbox &outbox_;
  std::map<std::pair<ContextId, Rank>, EpochClock> epochs_;
  uint64_t nextLockEpoch_ = 1;
  uint64_t clockVersion_ = 1;
};

} // namespace rmarace
