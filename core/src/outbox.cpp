#include "outbox.h"

#include "rmarace/core/sync.h"

#include <limits>

namespace rmarace {

namespace {
// The ledger stream of batches (FIFO per origin and target).
constexpr uint64_t kBatchStream = std::numeric_limits<uint64_t>::max();
// Bytes reserved for a batch's header before it is encoded; a larger one grows the buffer.
constexpr std::size_t kHeaderReserve = 64;
} // namespace

Outbox::Outbox(SyncState &sync, ProcessHost &host, std::size_t batchLimit)
    : sync_(sync), host_(host), batchLimit_(batchLimit) {}

Outbox::OpenBatch &Outbox::open(Rank peer) {
  OpenBatch &batch = open_[peer];
  batch.peer = peer;
  return batch;
}

void Outbox::defineLocation(OpenBatch &batch, LocationHandle site) {
  if (!batch.sentLocations.insert(site).second) return;
  append(batch, wire::LocationRecord{site, host_.resolve(site)});
}

void Outbox::seal(OpenBatch &open) {
  if (open.records.empty()) return;
  sync_.ledger().recordSend(open.peer);
  Batch batch;
  batch.peer = open.peer;
  // One allocation: the header (a ledger delta of a few varints) and the records.
  batch.bytes.reserve(kHeaderReserve + open.records.size());
  WireWriter out(batch.bytes);
  sync_.ledger().deltaFor(open.peer, kBatchStream, header_.entries);
  wire::encode(out, header_);
  batch.bytes.insert(batch.bytes.end(), open.records.begin(), open.records.end());
  open.records.clear();
  sealed_.push_back(std::move(batch));
}

void Outbox::sealAll() {
  for (auto &[peer, batch] : open_)
    if (!batch.records.empty()) seal(batch);
}

std::vector<Batch> Outbox::takeSealed() {
  std::vector<Batch> out;
  out.swap(sealed_);
  return out;
}

} // namespace rmarace
