// Generalised vector clock exchange (dissertation 3.3): process-bound and resource-bound
// signal/wait and the collective primitives, as data a transport can carry.
#pragma once

#include "rmarace/core/ledger.h"
#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"
#include "rmarace/core/visibility.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <unordered_map>
#include <vector>

namespace rmarace {

// What a process-bound signal carries to its waiter (Def. 3.5 (3)/(4)).
struct ClockPayload {
  VectorClock clock;
  std::vector<LedgerEntry> ledger;
  // Non-zero when the signaller also waits for the waiter (a synchronous send): the waiter
  // answers with its own clock under this token.
  uint64_t replyToken = 0;
};

// A deposit at a resource's deposition process (Def. 3.5 (5)/(6)): the clock, and for every
// origin the number of batches it had sent to the deposition process, so that the deposition
// process can wait for them when it acquires the resource itself.
struct RMARACE_API ResourcePayload {
  VectorClock clock;
  std::vector<uint64_t> sentToDeposition; // indexed by origin rank
  // Element-wise maximum with another deposit (what a one-sided MAX accumulate does).
  void mergeFrom(const ResourcePayload &other);
};

// A group of world ranks taking part in a collective, with the position of this process in it.
struct GroupView {
  std::vector<Rank> members; // world ranks in group order
  uint64_t channel = 0;      // identifies the group (e.g. a communicator) for ledger deltas
  bool operator==(const GroupView &) const = default;
};

enum class CollectiveKind : uint8_t {
  AllToAll, // Def. 3.8: barrier, allreduce, fence, ...
  AllToOne, // Def. 3.6: reduce, gather to root
  OneToAll, // Def. 3.7: bcast, scatter from root
  Scan,     // MPI_Scan/Exscan: rank i waits for ranks < i (3.3.2)
};

// One member's contribution to a collective exchange, and the combined result. Combining is
// element-wise: maximum of the clocks, sum of the batch counts, union of the ledger entries.
struct RMARACE_API CollectiveContribution {
  VectorClock clock;
  std::vector<uint64_t> sentToMember; // batches this member sent to each member (group order)
  std::vector<LedgerEntry> ledger;    // only for groups smaller than the world
  void combine(const CollectiveContribution &other);

  // The fixed-size part (clock, batch counts, ledger length) as one array of words, so that a
  // transport can combine contributions with a reduction over plain integers:
  // [N, G, T, clock (N), sentToMember (G), threads (N * T), ledger length, thread entry count].
  // The layout travels with the data. The ledger and the clock's thread entries travel separately
  // (variable size), except that with T > 0 the components of threads 1 to T of every rank travel
  // in the fixed part too, combined by maximum: for an exchange whose members finish in different
  // calls (the application's non-blocking collectives), where no second exchange can follow.
  std::vector<uint64_t> packFixed(std::size_t threadsPerRank = 0) const;
  static CollectiveContribution unpackFixed(std::span<const uint64_t> words);
  static uint64_t fixedLedgerLength(std::span<const uint64_t> words) {
    return words[words.size() - 2];
  }
  static uint64_t fixedThreadEntryCount(std::span<const uint64_t> words) { return words.back(); }
  // combine() on packed fixed parts: `inout` becomes the combination of both.
  static void combineFixed(std::span<const uint64_t> in, std::span<uint64_t> inout);
};

// The clock state of one process: a vector clock per thread (dissertation 3.6). Every event of
// the process belongs to the thread the host names with setCurrentThread; its epochs come from
// one counter, so an epoch identifies an event of the process, and a thread's component is the
// epoch of its latest synchronisation event. Synchronisation with other processes changes only
// the current thread's clock; threads learn from each other through release/acquire, fork and
// join.
class RMARACE_API SyncState {
public:
  SyncState(Rank self, Rank worldSize);

  Rank self() const { return self_; }
  Rank worldSize() const { return static_cast<Rank>(view().clock.size()); }
  ThreadId currentThread() const { return current_; }
  ClockSlot ownSlot() const { return {self_, current_}; }
  // The current thread's epoch.
  Epoch epoch() const { return view().clock.at(ownSlot()); }
  Epoch epochOf(ThreadId t) const { return views_[t].clock.at({self_, t}); }
  const VectorClock &clock() const { return view().clock; }
  const VectorClock &clockOf(ThreadId t) const { return views_[t].clock; }
  // Changes whenever the current thread's clock may have changed (snapshots are keyed by it).
  uint64_t clockVersion() const { return clockVersion_; }
  BatchLedger &ledger() { return ledger_; }
  const BatchLedger &ledger() const { return ledger_; }

  // ---- Threads
  void setCurrentThread(ThreadId t);
  // Whether the process ever had a thread besides its initial one.
  bool multithreaded() const { return views_.size() > 1; }
  std::size_t threadCount() const { return views_.size(); }
  // Thread creation: the child starts with what the current thread knows (both tick).
  void fork(ThreadId child, LocationHandle site);
  // The current thread learns everything the ended thread `child` knew.
  void join(ThreadId child, LocationHandle site);
  // Release to and acquire from a synchronisation object (a mutex, a barrier, a task, ...).
  void release(uint64_t object, LocationHandle site);
  void acquire(uint64_t object, LocationHandle site);
  // Whether acquiring `object` would teach the current thread anything (a thread that polls an
  // object it already learned from must not tick on every poll).
  bool hasNews(uint64_t object) const;
  // The component `slot` of what was released to `object` (0 when nothing was).
  Epoch released(uint64_t object, ClockSlot slot) const;
  // Whether event `epoch` of thread `slot` happened before the current point of thread `who`. A
  // thread knows every event it made itself: they precede it in program order.
  bool knows(ThreadId who, ClockSlot slot, Epoch epoch) const {
    return slot == ClockSlot{self_, who} || views_[who].clock.at(slot) >= epoch;
  }
  // Whether every thread that may still act knows the event.
  bool knownToEveryThread(ClockSlot slot, Epoch epoch) const {
    for (ThreadId t = 0; t < threadCount(); ++t)
      if (!views_[t].ended && !knows(t, slot, epoch)) return false;
    return true;
  }
  // Thread `t` makes no more accesses until it is made current again.
  void endThread(ThreadId t) { ensureView(t).ended = true; }
  void resumeThread(ThreadId t) { ensureView(t).ended = false; }

  // A synchronisation event that publishes (signal) or absorbs (wait) clock knowledge. Every
  // such event starts a new epoch; `site` is remembered as the event that started it.
  void tick(LocationHandle site);
  // The current thread's epoch, which has no event yet, continues at another synchronisation
  // event instead of a new epoch starting there: `site` is remembered as the event that started
  // it (reports name the latest synchronisation before an access).
  void restartEpoch(LocationHandle site);

  // Process-bound signal/wait. The caller ticks once per event. `stream` identifies the FIFO
  // stream the payload travels on (see BatchLedger::deltaFor); none: consumed in any order.
  ClockPayload signalPayload(Rank destination, std::optional<uint64_t> stream);
  void absorb(Rank from, const ClockPayload &payload);

  // Collectives: one tick for the whole exchange (3.3.2).
  CollectiveContribution contribution(const GroupView &group, CollectiveKind kind);
  // The same into `into`, whose buffers it reuses.
  void contribution(const GroupView &group, CollectiveKind kind, CollectiveContribution &into);
  void absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                        const CollectiveContribution &combined, Epoch contributedEpoch);

  // Whether this process waits in a collective of that kind (receives others' clocks).
  bool waitsIn(CollectiveKind kind, Rank root) const;

  // Resource-bound signal/wait.
  ResourcePayload resourcePayload(Rank deposition) const;
  void absorbResource(Rank deposition, const ResourcePayload &deposit);

  // Next wait (Thm. 4.2) of thread `who` for an event of `slot` whose component is below
  // `threshold`: the first epoch of `who` at which it knew the slot reached the threshold.
  // kEpochInfinity when it does not know yet.
  Epoch firstEpochKnowing(ThreadId who, ClockSlot slot, Epoch threshold) const;
  Epoch firstEpochKnowing(ClockSlot slot, Epoch threshold) const {
    return firstEpochKnowing(current_, slot, threshold);
  }
  // The sync event that started an epoch (for reports); kNoLocation when unknown.
  LocationHandle siteOfEpoch(Epoch e) const;
  // Forgets the sites of epochs below `e`: no region that can still be reported starts there.
  void pruneSitesBelow(Epoch e);
  // Whether the site of epoch e was dropped while another process could still name it (the
  // bounded history below).
  bool siteForgotten(Epoch e) const { return e < forgottenBelow_; }
  // The call sites of at most this many epochs are kept. A process that never learns what the
  // others know of it (lock epochs without synchronisation back) cannot prune them; like
  // ThreadSanitizer's bounded history, the oldest are then dropped and a report whose
  // concurrent region starts there says so instead of naming the call.
  static constexpr std::size_t kEpochSitesKept = std::size_t{1} << 20;

  // Lower bound of the epoch of thread t any RMA access that this process has not received yet
  // can start its region at. Valid once the ledger is satisfied; see Process::settle.
  Epoch pruneHorizon(ThreadId t = kInitialThread) const {
    return t < horizons_.size() ? horizons_[t] : 0;
  }
  void commitKnownBy();
  // Whether commitKnownBy would change anything: knowledge of this process's epochs that other
  // processes gained, or ledger knowledge to forget. When not, dropStaged() stands for it.
  bool hasStagedNews() const;
  void dropStaged() {
    stagedKnownBy_.clear();
    forgetPending_ = false;
  }
  // A world-wide all-to-all exchange was absorbed: once its batches are drained, the ledger's
  // knowledge is obsolete (see BatchLedger::forgetAll).
  bool forgetPending() const { return forgetPending_; }
  // Components of the initial thread's clock that grew since the last call, each once, into
  // `into` (drives next-wait processing of region ends, which are kept for the initial thread).
  void takeAdvancedSlots(std::vector<ClockSlot> &into);

private:
  // One thread's knowledge.
  struct ThreadView {
    VectorClock clock;
    // Per component: (own epoch, component) each time the component grew. Used for next waits
    // of completions that become known after the wait that learned them. The ranks' initial
    // threads by rank (every synchronisation grows some: a search per component was most of
    // learning a clock), other threads' components by slot.
    using KnowledgeLog = std::vector<std::pair<Epoch, Epoch>>;
    std::vector<KnowledgeLog> rankLogs;
    std::map<ClockSlot, KnowledgeLog> threadLogs;
    KnowledgeLog &logOf(ClockSlot slot) {
      if (slot.thread != kInitialThread) return threadLogs[slot];
      auto r = static_cast<std::size_t>(slot.rank);
      if (r >= rankLogs.size()) rankLogs.resize(r + 1);
      return rankLogs[r];
    }
    const KnowledgeLog *findLog(ClockSlot slot) const {
      if (slot.thread != kInitialThread) {
        auto it = threadLogs.find(slot);
        return it == threadLogs.end() ? nullptr : &it->second;
      }
      auto r = static_cast<std::size_t>(slot.rank);
      return r < rankLogs.size() && !rankLogs[r].empty() ? &rankLogs[r] : nullptr;
    }
    std::vector<ClockSlot> advanced; // in the order learned, with repeats

    // An ended thread (joined, or an idle identity of a finished task) makes no more accesses:
    // what it does not know no longer keeps records alive. Acting again revives it.
    bool ended = false;
  };
  const ThreadView &view() const { return views_[current_]; }
  ThreadView &view() { return views_[current_]; }
  ThreadView &ensureView(ThreadId t);
  void tickThread(ThreadId t, LocationHandle site);
  // Merges `clock` into the current thread's clock, logging what grew.
  void learn(const VectorClock &clock);
  void stageKnownBy(Rank origin, const VectorClock &clock);
  void stageKnownBy(Rank origin, ThreadId thread, Epoch bound);

  Rank self_;
  ThreadId current_ = kInitialThread;
  std::vector<ThreadView> views_;
  Epoch lastEpoch_ = 0; // the process's epoch counter
  uint64_t clockVersion_ = 0;
  std::unordered_map<uint64_t, VectorClock> objects_; // release/acquire objects
  BatchLedger ledger_;
  std::deque<LocationHandle> epochSites_; // site of epoch firstSiteEpoch_ + i
  Epoch forgottenBelow_ = 0;              // sites below it dropped by the bound, not pruned
  Epoch firstSiteEpoch_ = 0;
  // What each origin knows of this process's threads' epochs.
  std::vector<std::vector<Epoch>> knownBy_; // [thread][origin]
  struct StagedKnowledge {
    Rank origin;
    ThreadId thread;
    Epoch bound;
  };
  std::vector<StagedKnowledge> stagedKnownBy_;
  std::vector<Epoch> horizons_; // per thread
  bool forgetPending_ = false;
};

} // namespace rmarace
