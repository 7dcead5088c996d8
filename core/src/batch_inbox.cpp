#include "batch_inbox.h"

#include "origin_tracker.h"
#include "region_ends.h"
#include "rmarace/core/sync.h"
#include "rmarace/core/wire_records.h"
#include "target_checker.h"

#include <algorithm>
#include <set>

namespace rmarace {

namespace {
// Decodes the record that follows its tag and hands it to `handle`.
template <class Record, class Handle> void take(WireReader &in, const Handle &handle) {
  Record record;
  decode(in, record);
  handle(record);
}
} // namespace

BatchInbox::BatchInbox(SyncState &sync, TargetChecker &target, RegionEnds &ends,
                       OriginTracker &origin)
    : sync_(sync), target_(target), ends_(ends), origin_(origin),
      processed_(sync.clock().size(), 0) {}

void BatchInbox::receive(Rank origin, std::span<const std::byte> bytes) {
  sync_.ledger().recordReceive(origin);
  WireReader in(bytes);
  decode(in, header_);
  std::size_t recordsAt = bytes.size() - in.remaining();
  // What precedes this batch must be received too before a wait completes.
  sync_.ledger().learn(header_.entries);
  if (queued_.empty() && causallyReady(origin, header_.entries)) {
    // Nothing waits: this batch is the next to process, without queueing it.
    process(origin, bytes.subspan(recordsAt));
    ++processed_[static_cast<std::size_t>(origin)];
    return;
  }
  Received batch;
  batch.origin = origin;
  batch.header = header_.entries;
  batch.recordsAt = recordsAt;
  batch.bytes.assign(bytes.begin(), bytes.end());
  queued_.push_back(std::move(batch));
  drain();
}

bool BatchInbox::causallyReady(Rank from, std::span<const LedgerEntry> required) const {
  // Batches of the same origin arrive in order; the header counts this batch itself.
  Rank self = sync_.self();
  return std::all_of(required.begin(), required.end(), [&](const LedgerEntry &e) {
    return e.target != self || e.origin == self || e.origin == from ||
           processed_[static_cast<std::size_t>(e.origin)] >= e.count;
  });
}

void BatchInbox::drain() {
  bool progress = true;
  while (progress) {
    progress = false;
    std::set<Rank> blocked;
    for (std::size_t i = 0; i < queued_.size(); ++i) {
      Rank origin = queued_[i].origin;
      if (blocked.count(origin)) continue;
      if (!causallyReady(origin, queued_[i].header)) {
        blocked.insert(origin);
        continue;
      }
      Received batch = std::move(queued_[i]);
      queued_.erase(queued_.begin() + static_cast<std::ptrdiff_t>(i));
      // The ledger may have forgotten what it learned when the batch arrived.
      sync_.ledger().learn(batch.header);
      process(batch.origin, std::span<const std::byte>(batch.bytes).subspan(batch.recordsAt));
      ++processed_[static_cast<std::size_t>(origin)];
      progress = true;
      break;
    }
  }
}

void BatchInbox::process(Rank origin, std::span<const std::byte> records) {
  WireReader in(records);
  while (!in.done()) {
    switch (wire::readTag(in)) {
    case wire::Tag::Location:
      take<wire::LocationRecord>(in, [&](auto &r) { target_.onLocation(origin, std::move(r)); });
      break;
    case wire::Tag::Snapshot:
      take<wire::SnapshotRecord>(in, [&](auto &r) { target_.onSnapshot(origin, std::move(r)); });
      break;
    case wire::Tag::Access:
      take<wire::RemoteAccessRecord>(in, [&](auto &r) { target_.onRemoteAccess(origin, r); });
      break;
    case wire::Tag::Complete:
      take<wire::CompletionNotice>(in, [&](auto &r) { ends_.onCompletionNotice(origin, r); });
      break;
    case wire::Tag::Notify:
      take<wire::NotifyRecord>(in, [&](auto &r) { ends_.onNotify(origin, r); });
      break;
    case wire::Tag::EpochClock:
      take<wire::EpochClockRecord>(in, [&](auto &r) { target_.onEpochClock(origin, r); });
      break;
    case wire::Tag::Ack:
      take<wire::AckRecord>(in, [&](auto &r) { origin_.onAck(origin, r); });
      break;
    }
  }
}

} // namespace rmarace
