// What this process sends to its peers: one open batch of records per peer, sealed with a
// ledger header (the batches that causally precede it, docs/design.md "Delivery guarantee") when
// it is full or before the next signal, then handed to the host in sealing order.
#pragma once

#include "rmarace/core/process.h"
#include "rmarace/core/wire_records.h"

#include <cstddef>
#include <map>
#include <set>
#include <vector>

namespace rmarace {

class SyncState;

class Outbox {
public:
  Outbox(SyncState &sync, ProcessHost &host, std::size_t batchLimit);

  // The records not yet sealed for one peer.
  struct OpenBatch {
    Rank peer = 0;
    std::vector<std::byte> records; // without header
    std::set<LocationHandle> sentLocations;
  };
  OpenBatch &open(Rank peer);
  template <class Record> void append(OpenBatch &batch, const Record &record) {
    WireWriter out(batch.records);
    wire::encode(out, record);
  }
  // Defines `site` for the peer unless it already was.
  void defineLocation(OpenBatch &batch, LocationHandle site);
  // Seals the batch once it holds Options::batchLimit bytes.
  void sealIfFull(OpenBatch &batch) {
    if (batch.records.size() >= batchLimit_) seal(batch);
  }
  void seal(OpenBatch &batch);
  void sealAll();

  bool hasSealed() const { return !sealed_.empty(); }
  std::vector<Batch> takeSealed();
  // The same by swapping with `into` (empty), so that both buffers are reused.
  void takeSealed(std::vector<Batch> &into) { into.swap(sealed_); }

private:
  SyncState &sync_;
  ProcessHost &host_;
  std::size_t batchLimit_;
  std::map<Rank, OpenBatch> open_;
  std::vector<Batch> sealed_;
  wire::BatchHeader header_; // seal's, its buffer reused
};

} // namespace rmarace
