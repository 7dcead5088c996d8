// The race detection engine of one process (dissertation ch. 4, with the extensions of
// docs/design.md).
//
// A Process sees the abstract events of its own program (plain accesses, RMA calls, completion
// calls, synchronisation) and the batches of RMA metadata other processes forward to it. It
// tracks the local concurrent regions of its own RMA calls' buffer accesses, forwards remote
// accesses and their completions to their targets, and checks, as the target, every remote
// access to its memory against the exact history of that memory (Fig. 4.9).
//
// The API is split-phase and transport-agnostic: synchronisation calls return payloads that the
// host carries to the peer; batches are taken from and handed to the Process by the host. After a
// wait the host must deliver the batches shortfall() names and then call settle().
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/events.h"
#include "rmarace/core/history.h"
#include "rmarace/core/race.h"
#include "rmarace/core/sync.h"
#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace rmarace {

// A sealed batch of RMA metadata for one peer.
struct Batch {
  Rank peer = 0;
  std::vector<std::byte> bytes;
};

// How a host learns which address ranges need its attention (e.g. for a fast address filter).
class TrackingListener {
public:
  virtual ~TrackingListener() = default;
  virtual void tracked(Address begin, Address end) = 0;
  virtual void untracked(Address begin, Address end) = 0;
};

class RMARACE_API Process {
public:
  struct Options {
    // Seal a peer's open batch once it holds this many bytes.
    std::size_t batchLimit = 64 * 1024;
  };

  Process(Rank self, Rank worldSize, ProcessHost &host);
  Process(Rank self, Rank worldSize, ProcessHost &host, Options options);
  ~Process();
  Process(const Process &) = delete;
  Process &operator=(const Process &) = delete;

  Rank rank() const { return sync_.self(); }
  Rank worldSize() const { return sync_.worldSize(); }
  Epoch epoch() const { return sync_.epoch(); }
  const SyncState &sync() const { return sync_; }
  void setTrackingListener(TrackingListener *listener);

  // ---- Threads (dissertation 3.6) ---------------------------------------------------------------
  // Every later call acts on behalf of thread `t` (0: the initial thread) until the next call.
  void setThread(ThreadId t);
  ThreadId thread() const { return sync_.currentThread(); }
  // The epoch of thread `t`, if the engine has met it: what a host stamps on the accesses of `t`
  // it remembers as untracked (ProcessHost::untrackedAccesses).
  std::optional<Epoch> epochOfThread(ThreadId t) const;
  // The current thread created `child`: the child's events happen after what happened before.
  void threadCreated(ThreadId child, LocationHandle site);
  // The current thread waited for the end of `child` (join): what the child did happens before.
  void threadJoined(ThreadId child, LocationHandle site);
  // Thread (or task identity) `t` makes no more accesses until it is resumed (or made current).
  void threadEnded(ThreadId t);
  void threadResumed(ThreadId t);
  // Release to and acquire from a thread synchronisation object (a mutex, a barrier instance, a
  // task, a dependence): what happened before a release happens before a later acquire.
  void release(uint64_t object, LocationHandle site);
  void acquire(uint64_t object, LocationHandle site);
  // Whether what was released to `object` includes every event of thread `t` so far (a thread
  // library may then let a new task continue as `t`: its events would be ordered after them).
  bool objectKnowsAllOf(uint64_t object, ThreadId t) const;

  // ---- Remotely accessible memory -------------------------------------------------------------
  // Exposes [base, base+size) as this process's part of `segment`. For dynamic segments, call it
  // once per attachment; remote accesses then use absolute addresses.
  void exposeMemory(SegmentId segment, Address base, uint64_t size, const std::string &name,
                    bool dynamic = false);
  void unexposeMemory(SegmentId segment, Address base);
  void retireSegment(SegmentId segment);
  // Another process's part of `segment` mapped at [base, base+size) of this process (MPI shared
  // windows, shmem_ptr): plain loads and stores there are remote accesses of `owner`'s memory.
  // Unmapped when the segment is retired.
  void mapRemoteMemory(SegmentId segment, Rank owner, Address base, uint64_t size);
  // Whether any byte of [addr, addr+size) is tracked (exposed, mapped or an in-flight buffer).
  bool tracks(Address addr, uint64_t size) const;

  // ---- Plain loads and stores -------------------------------------------------------------------
  void access(Address addr, uint64_t size, bool write, bool languageAtomic, LocationHandle site);
  // Plain (not atomic) accesses of `rows` rows of `length` bytes, `step` bytes apart from `first`
  // up, all at `site` (a loop nest or a strided loop checked before it runs): what an access of
  // each row that tracks() any byte of does, at a fraction of the cost per row.
  void accessRows(Address first, uint64_t length, uint64_t step, uint64_t rows, bool write,
                  LocationHandle site);

  // ---- RMA calls and completion (Table 4.2) -----------------------------------------------------
  void issue(const RmaOperation &op);
  void complete(const Completion &completion);
  // Target notify (tn) to `target` on `signal`: completes, as seen by a matching target wait, the
  // remote writes to `target` in `context` that are fence-ordered before it (R6, R7) and, when
  // the `includedOps` operations issued just before to `target` (its own accesses, R8; a list call
  // issues several in a row, with no other event between them).
  void notify(Rank target, SignalId signal, uint64_t value, ContextId context, uint32_t includedOps,
              LocationHandle site);
  // Target wait (tw): the notifications on `signal` delivered so far are observed. With a value,
  // only notifications that wrote exactly that value count.
  void targetWait(SignalId signal, std::optional<uint64_t> value, LocationHandle site);

  // ---- Access epochs
  // ------------------------------------------------------------------------------ Passive target
  // epoch on `target` (kAllRanks for lock_all). Until acquisitionKnown, remote accesses of the
  // epoch are provisional: their targets hold back the checks that depend on the ordering the lock
  // provides.
  static constexpr Rank kAllRanks = -1;
  void openPassiveEpoch(ContextId context, Rank target);
  // The lock on `target` is certainly held; `deposit` is what earlier holders left behind. Orders
  // the epoch's RMA operations after them, not this process's own loads and stores.
  void acquisitionKnown(ContextId context, Rank target, const ResourcePayload &deposit);
  void closePassiveEpoch(ContextId context, Rank target);
  // Active target access epoch (PSCW start): the exposure of `target` is open; `post` is the
  // target's clock at post. Orders the epoch's RMA operations only (4.3.1).
  void openActiveEpoch(ContextId context, Rank target, const ClockPayload &post);
  void closeActiveEpoch(ContextId context);

  // ---- Synchronisation (Def. 3.5), split-phase -------------------------------------------------
  // `stream` is the FIFO stream the payload travels on (e.g. the queue); none when the receiver
  // may consume it in any order.
  ClockPayload signal(Rank destination, LocationHandle site,
                      std::optional<uint64_t> stream = std::nullopt);
  void wait(Rank from, const ClockPayload &payload, LocationHandle site);
  // Collectives: contribute (one tick), combine all contributions (host), absorb. The
  // contribution is the calling thread's, kept here (its buffers reused): valid until the
  // thread's next contribution.
  const CollectiveContribution &contribute(const GroupView &group, CollectiveKind kind,
                                           LocationHandle site);
  void absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                        const CollectiveContribution &combined, bool separated = false);
  // Resource-bound signal: the deposit to merge into the resource's deposition.
  ResourcePayload depositClock(Rank deposition, LocationHandle site);
  // Resource-bound wait: absorb what was deposited.
  void acquireResource(Rank deposition, const ResourcePayload &deposit, LocationHandle site);
  // A new epoch without synchronisation (annotation tick).
  void tick(LocationHandle site);

  // ---- Transport
  // ------------------------------------------------------------------------------------
  bool hasOutgoing() const;
  std::vector<Batch> takeOutgoing();
  // The same by swapping with `into` (empty), so that both buffers are reused.
  void takeOutgoing(std::vector<Batch> &into);
  // Seals all open batches now (e.g. before the program ends).
  void flushBatches();
  // A batch from `origin`, in the order the origin sent them. Processed as soon as everything that
  // causally precedes it has been processed.
  // The bytes are read during the call (copied only when the batch must wait for another).
  void receive(Rank origin, std::span<const std::byte> bytes);
  BatchLedger::Shortfall shortfall() const { return sync_.ledger().shortfall(); }
  // Completes a wait once shortfall() is empty: applies what the wait made known.
  void settle();
  // End of the execution: accesses still in flight are concurrent with everything after them.
  void finish();
  // Delivers the races held back until their concurrent region ends (e.g. when aborting).
  void flushPendingReports();
  // The execution ends early (MPI_Abort): accesses of passive epochs whose lock acquisition is
  // not known yet are judged with the clocks known now.
  void judgeProvisional();

  // ---- Introspection (tests, statistics) -----------------------------------------------------
  struct Stats {
    std::size_t pendingOwnAccesses = 0;
    std::size_t ownAccessRecords = 0; // pending or not
    std::size_t liveRemoteAccesses = 0;
    std::size_t shadowCellBytes = 0;
    std::size_t shadowSetBytes = 0;
    std::size_t liveShadowSets = 0;
    std::size_t queuedBatches = 0;
  };
  Stats stats() const;
  void collectGarbage();
  // What this process tracked, for the end-of-run overview. The calls that count run under the
  // host's engine lock (plain counters), the accesses after the host's address filter.
  struct Counts {
    uint64_t segments = 0;   // distinct segments (windows) this process exposed memory in
    uint64_t operations = 0; // RMA operations issued
    uint64_t accesses = 0;   // loads and stores of tracked memory checked
  };
  const Counts &counts() const { return counts_; }

private:
  // The parts of the engine, one concern each (core/src/process_parts.h).
  struct Parts;
  void onEpochChange();
  // An event of the current thread in its current epoch (anything but synchronisation and the
  // batches of others): the epoch is no longer empty.
  void eventInEpoch() {
    epochEmpty_ = false;
    changedSinceSettle_ = true;
  }
  // Collects garbage when the history or the access records have doubled since the last time.
  void collectIfGrown();

  SyncState sync_;
  // Whether the current epoch has no event yet: it began at a collective's contribution or a
  // later synchronisation, and nothing happened since (see contribute).
  bool epochEmpty_ = false;
  // Whether an event or a batch came since the last settle, and the clock version then (settle
  // has nothing to do when neither changed).
  bool changedSinceSettle_ = true;
  uint64_t settledClockVersion_ = 0;
  std::unique_ptr<Parts> parts_;
  Counts counts_;
  std::set<SegmentId> countedSegments_;
};

} // namespace rmarace
