// Where the concurrent regions of remote accesses to this process's memory end (Thm. 4.2): at the
// first epoch in which this process knows the access's completion point. The end is kept for the
// initial thread (it names the region in reports and drives pruning); other threads' ends follow
// from their own knowledge (TargetChecker::regionEnd). Completion points come
// from completion notices of the origins and from target waits on notifications (R7, R8). The
// end is found retroactively from the epochs at which knowledge grew, so it is exact even when
// the notice arrives after the knowledge (docs/design.md "Concurrent regions").
#pragma once

#include "access_records.h"
#include "rmarace/core/wire_records.h"

#include <map>
#include <optional>
#include <vector>

namespace rmarace {

class Outbox;
class RaceReporter;
class SyncState;
class TargetChecker;

class RegionEnds {
public:
  // A peer's list of accesses with open regions is compacted when it has doubled, from this size.
  static constexpr std::size_t kLiveCompactionFloor = 64;
  // The list of accesses whose region ended (ended()) holds at most about this many more than
  // twice the records in use.
  static constexpr std::size_t kEndedFloor = 64;

  RegionEnds(SyncState &sync, TargetChecker &target, RaceReporter &reporter, Outbox &outbox);

  // Remote access `id` completed at `point` (and, for origin-side completions, at the origin's
  // sequence `completionSeq`).
  void setCompletion(uint32_t id, CompletionPoint point, Sequence completionSeq);
  // After a wait: ends the regions whose completion point this process now knows.
  void resolve();

  void onCompletionNotice(Rank origin, const wire::CompletionNotice &notice);
  void onNotify(Rank origin, const wire::NotifyRecord &notify);
  // Target wait (tw): completes the remote writes of the observed notifications and tells the
  // origins whose buffers wait for it (implicit completion, Fig. 6.7). Returns the records of
  // this process's own writes to its own memory it completed.
  std::vector<uint32_t> targetWait(SignalId signal, std::optional<uint64_t> value);
  // Remote access `id`, whose region end is not known, is about to be released: it waits for no
  // region end any more.
  void forget(uint32_t id);
  // Forgets the accesses of `origin` whose region end is known.
  void compactLive(Rank origin);
  // The remote accesses whose region end became known, or whose origin completion arrived after
  // it, since the last clearEnded() (some may have been released since: the caller checks), for
  // Pruning::reclaimRepeats.
  const std::vector<uint32_t> &ended() const { return ended_; }
  void clearEnded() { ended_.clear(); }

private:
  // Completes a remote write at a target wait, also when a later completion notice arrived first.
  void completeAtTargetWait(uint32_t id);
  // Ends the region of `id` at the initial thread's next wait after its completion point, or
  // queues it until that thread knows the point.
  void endRegion(uint32_t id);
  // Adds `id` to ended(), bounded.
  void noteEnded(uint32_t id);

  SyncState &sync_;
  TargetChecker &target_;
  RaceReporter &reporter_;
  Outbox &outbox_;

  std::map<ClockSlot, std::map<Epoch, std::vector<uint32_t>>> pending_; // slot -> threshold -> ids
  struct Notification {
    Rank origin = 0;
    wire::NotifyRecord record;
  };
  std::multimap<SignalId, Notification> notifications_;
  std::vector<uint32_t> ended_;
  std::vector<ClockSlot> grown_; // resolve()'s clock components, kept for their capacity
};

} // namespace rmarace
