// Generalised vector clock exchange (dissertation 3.3): process-bound and resource-bound
// signal/wait and the collective primitives, as data a transport can carry.
#pragma once

#include "rmarace/core/ledger.h"
#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"
#include "rmarace/core/visibility.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
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
  // [N, G, clock (N), sentToMember (G), ledger length]. The layout travels with the data.
  std::vector<uint64_t> packFixed() const;
  static CollectiveContribution unpackFixed(std::span<const uint64_t> words);
  static uint64_t fixedLedgerLength(std::span<const uint64_t> words) { return words.back(); }
  // combine() on packed fixed parts: `inout` becomes the combination of both.
  static void combineFixed(std::span<const uint64_t> in, std::span<uint64_t> inout);
};

// The clock state of one process.
class RMARACE_API SyncState {
public:
  SyncState(Rank self, Rank worldSize);

  Rank self() const { return self_; }
  Rank worldSize() const { return static_cast<Rank>(clock_.size()); }
  Epoch epoch() const { return clock_[self_]; }
  const VectorClock &clock() const { return clock_; }
  BatchLedger &ledger() { return ledger_; }
  const BatchLedger &ledger() const { return ledger_; }

  // A synchronisation event that publishes (signal) or absorbs (wait) clock knowledge. Every
  // such event starts a new epoch; `site` is remembered as the event that started it.
  void tick(LocationHandle site);

  // Process-bound signal/wait. The caller ticks once per event. `stream` identifies the FIFO
  // stream the payload travels on (see BatchLedger::deltaFor); none: consumed in any order.
  ClockPayload signalPayload(Rank destination, std::optional<uint64_t> stream);
  void absorb(Rank from, const ClockPayload &payload);

  // Collectives: one tick for the whole exchange (3.3.2).
  CollectiveContribution contribution(const GroupView &group, CollectiveKind kind);
  void absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                        const CollectiveContribution &combined, Epoch contributedEpoch);

  // Whether this process waits in a collective of that kind (receives others' clocks).
  bool waitsIn(CollectiveKind kind, Rank root) const;

  // Resource-bound signal/wait.
  ResourcePayload resourcePayload(Rank deposition) const;
  void absorbResource(Rank deposition, const ResourcePayload &deposit);

  // Next wait (Thm. 4.2) of this process for an event of `rank` whose clock entry is below
  // `threshold`: the first own epoch at which this process knew rank's clock reached the
  // threshold. kEpochInfinity when it does not know yet.
  Epoch firstEpochKnowing(Rank rank, Epoch threshold) const;
  // The sync event that started an epoch (for reports); kNoLocation when unknown.
  LocationHandle siteOfEpoch(Epoch e) const;
  // Forgets the sites of epochs below `e`: no region that can still be reported starts there.
  void pruneSitesBelow(Epoch e);

  // Lower bound of the epoch any RMA access that this process has not received yet from `origin`
  // can start at (its region start). Valid once the ledger is satisfied; see Process::settle.
  Epoch pruneHorizon() const { return pruneHorizon_; }
  void commitKnownBy();
  // A world-wide all-to-all exchange was absorbed: once its batches are drained, the ledger's
  // knowledge is obsolete (see BatchLedger::forgetAll).
  bool forgetPending() const { return forgetPending_; }
  // Ranks whose clock entries grew since the last call (drives next-wait processing).
  std::vector<Rank> takeAdvancedRanks();

private:
  void noteGrowth(const VectorClock &before);
  void stageKnownBy(Rank origin, Epoch bound);

  Rank self_;
  VectorClock clock_;
  BatchLedger ledger_;
  // Per rank: (own epoch, that rank's entry) each time the entry grew. Used for next waits of
  // completions that become known after the wait that learned them.
  std::vector<std::vector<std::pair<Epoch, Epoch>>> knowledgeLog_;
  std::deque<LocationHandle> epochSites_; // site of epoch firstSiteEpoch_ + i
  Epoch firstSiteEpoch_ = 0;
  std::vector<Epoch> knownBy_;
  std::vector<std::pair<Rank, Epoch>> stagedKnownBy_;
  Epoch pruneHorizon_ = 0;
  std::vector<bool> advanced_;
  bool forgetPending_ = false;
};

} // namespace rmarace
