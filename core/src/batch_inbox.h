// Batches received from other processes. Batches of one origin are processed in the order they
// were sent; a batch waits until the batches its header says causally precede it have been
// processed (docs/design.md "Delivery guarantee"). Each record is handed to the part it concerns.
#pragma once

#include "rmarace/core/ledger.h"
#include "rmarace/core/types.h"
#include "rmarace/core/wire_records.h"

#include <cstddef>
#include <span>
#include <vector>

namespace rmarace {

class OriginTracker;
class RegionEnds;
class SyncState;
class TargetChecker;

class BatchInbox {
public:
  BatchInbox(SyncState &sync, TargetChecker &target, RegionEnds &ends, OriginTracker &origin);

  // A batch from `origin`, in the order the origin sent them; the bytes are copied only when it
  // must wait for another.
  void receive(Rank origin, std::span<const std::byte> bytes);
  // Processes every queued batch whose causal predecessors have been processed.
  void drain();
  std::size_t queued() const { return queued_.size(); }

private:
  // A received batch, its header decoded once.
  struct Received {
    Rank origin = 0;
    std::vector<std::byte> bytes;
    std::vector<LedgerEntry> header;
    std::size_t recordsAt = 0; // where the records start in `bytes`
  };
  // Whether every batch a header names as causally preceding has been processed.
  bool causallyReady(Rank from, std::span<const LedgerEntry> required) const;
  // The batch's records; its header's ledger entries are learned before.
  void process(Rank origin, std::span<const std::byte> records);

  SyncState &sync_;
  TargetChecker &target_;
  RegionEnds &ends_;
  OriginTracker &origin_;
  std::vector<Received> queued_;    // waiting for predecessors
  std::vector<uint64_t> processed_; // batches processed, per origin
  wire::BatchHeader header_;        // receive's, its buffer reused
};

} // namespace rmarace
