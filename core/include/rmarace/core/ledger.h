// Causal bookkeeping of tool batches, the basis of rmarace's delivery guarantee.
//
// Origins forward RMA metadata to targets in batches on a channel separate from the
// synchronisation messages, so a target can learn through synchronisation (possibly transitive,
// dissertation Fig. 5.13) that an origin passed some point before the origin's batches from
// before that point have arrived. Every payload that carries clock knowledge therefore also
// carries ledger entries "origin o had sent n batches to target t". A target that passes a wait
// first receives every batch the entries say was sent to it; a batch is processed only after the
// batches that causally precede it. This is a matrix-clock restricted to the pairs that actually
// exchanged RMA metadata; entries are dropped after a world-wide all-to-all synchronisation,
// which delivers everything sent before it.
#pragma once

#include "rmarace/core/spare_nodes.h"
#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

namespace rmarace {

struct LedgerEntry {
  Rank origin = 0;
  Rank target = 0;
  uint64_t count = 0; // batches sent by origin to target, cumulative since start
  bool operator==(const LedgerEntry &) const = default;
};

class RMARACE_API BatchLedger {
public:
  BatchLedger(Rank self, Rank worldSize);

  // Own sends and receipts (cumulative counts).
  uint64_t recordSend(Rank target);
  uint64_t sentTo(Rank target) const { return sent_[static_cast<std::size_t>(target)]; }
  void recordReceive(Rank origin) { ++received_[static_cast<std::size_t>(origin)]; }
  uint64_t receivedFrom(Rank origin) const { return received_[static_cast<std::size_t>(origin)]; }
  // Batches received from the members together.
  uint64_t receivedFrom(const std::vector<Rank> &members) const;

  // Knowledge learned from a payload (max-merge per pair).
  void learn(std::span<const LedgerEntry> entries);
  // A group-level requirement from a collective: the members together sent `total` batches to
  // this process.
  void requireFromGroup(const std::vector<Rank> &members, uint64_t total);
  // Whether the ledger holds no knowledge of others' batches and no requirement (forgetAll
  // would change nothing).
  bool knowsNothing() const { return known_.empty() && groupRequirements_.empty(); }

  // Entries not yet sent to `destination` on `stream`. Messages of one stream are consumed in
  // the order they were sent (like MPI's non-overtaking messages of one communicator, source and
  // tag), so a delta per stream is complete; across streams messages may be consumed in any order.
  std::vector<LedgerEntry> deltaFor(Rank destination, uint64_t stream);
  // The same into `into` (cleared first), whose buffer it reuses.
  void deltaFor(Rank destination, uint64_t stream, std::vector<LedgerEntry> &into);
  // Every entry, for a message that may be consumed in any order.
  std::vector<LedgerEntry> all() const;
  // Entries changed since the last exchange on a given collective channel (e.g. a communicator).
  std::vector<LedgerEntry> deltaForChannel(uint64_t channel);
  // Every entry about batches sent to `target` (a column of the matrix), for deposits.
  std::vector<LedgerEntry> column(Rank target) const;

  // After a world-wide all-to-all exchange everything sent before it has been delivered.
  void forgetAll();

  // What this process must still receive: per-origin shortfalls, and whether any group
  // requirement is unmet (then any origin may be the one still missing).
  struct Shortfall {
    std::vector<std::pair<Rank, uint64_t>> perOrigin; // origin, batches still missing
    bool groupUnmet = false;
  };
  Shortfall shortfall() const;
  bool satisfied() const;

private:
  struct Known {
    uint64_t count = 0;
    uint64_t version = 0;
  };
  using PairKey = std::pair<Rank, Rank>;
  void bump(const PairKey &key, uint64_t count);
  void pruneGroupRequirements();

  Rank self_;
  std::vector<uint64_t> sent_;
  std::vector<uint64_t> received_;
  using KnownMap = std::map<PairKey, Known>;
  KnownMap known_;
  // Entries forgetAll dropped, whose nodes later entries reuse (a loop of world-wide fences
  // forgets and relearns the same pairs every epoch).
  SpareNodes<KnownMap> spareKnown_;
  uint64_t version_ = 0;
  std::map<std::pair<Rank, uint64_t>, uint64_t> lastVersionTo_; // per destination and stream
  std::map<uint64_t, uint64_t> lastVersionOnChannel_;
  struct GroupRequirement {
    std::vector<Rank> members;
    uint64_t total;
  };
  std::vector<GroupRequirement> groupRequirements_;
  // Member lists of requirements met or forgotten, whose buffers later requirements reuse.
  std::vector<std::vector<Rank>> spareMembers_;
  void dropRequirement(GroupRequirement &g) { spareMembers_.push_back(std::move(g.members)); }
};

} // namespace rmarace
