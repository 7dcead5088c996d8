// The records of a batch of RMA metadata, as origins write them and targets read them.
//
// A batch is a header (the ledger entries that causally precede it, docs/design.md "Delivery
// guarantee") followed by tagged records. Each record kind has a struct and a pair of functions:
// encode() writes the tag and the fields, decode() reads the fields after readTag() returned the
// kind's tag. Both sides use these functions only, so the layout is defined once.
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/events.h"
#include "rmarace/core/ledger.h"
#include "rmarace/core/sync.h"
#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"
#include "rmarace/core/visibility.h"
#include "rmarace/core/wire.h"

#include <cstdint>
#include <vector>

namespace rmarace::wire {

// Record tags of a batch.
enum class Tag : uint8_t {
  Location = 1,   // a source location definition
  Snapshot = 2,   // a clock snapshot definition
  Access = 3,     // a remote access
  Complete = 4,   // completion notice for remote accesses
  Notify = 5,     // target notify (tn)
  EpochClock = 6, // acquisition clock of a passive epoch
  Ack = 7,        // target to origin: remote writes completed by a target wait
};

// Reads the tag of the next record; throws WireError for an unknown one.
Tag readTag(WireReader &in);

// Ledger entries that causally precede the batch (no tag: every batch starts with one).
struct BatchHeader {
  std::vector<LedgerEntry> entries;
  bool operator==(const BatchHeader &) const = default;
};
void encode(WireWriter &out, const BatchHeader &header);
void decode(WireReader &in, BatchHeader &header);

// A signal's clock payload (no tag: it travels alone, in the transport's own message).
RMARACE_API void encode(WireWriter &out, const ClockPayload &payload);
RMARACE_API void decode(WireReader &in, ClockPayload &payload);

// Defines a location handle of the origin once per target, before its first use.
struct LocationRecord {
  LocationHandle handle = kNoLocation;
  Location location;
  bool operator==(const LocationRecord &other) const;
};
void encode(WireWriter &out, const LocationRecord &record);
void decode(WireReader &in, LocationRecord &record);

// The clock a remote access was issued with (the origin's clock, merged with the clock of its
// access epoch), defined once and named by id until it changes. A newer id makes older ones
// unreferenced by later records.
struct SnapshotRecord {
  uint32_t id = 0;
  VectorClock clock;
  bool operator==(const SnapshotRecord &) const = default;
};
void encode(WireWriter &out, const SnapshotRecord &record);
void decode(WireReader &in, SnapshotRecord &record);
// The same record from its parts, without copying the clock into one.
void encodeSnapshot(WireWriter &out, uint32_t id, const VectorClock &clock);

// Flag bits of a RemoteAccessRecord, one byte on the wire.
inline constexpr uint8_t kAccessRemoteRead = 1 << 0;
inline constexpr uint8_t kAccessRemoteWrite = 1 << 1;
inline constexpr uint8_t kAccessProvisional = 1 << 2;   // lock acquisition not known yet
inline constexpr uint8_t kAccessBufferPending = 1 << 3; // origin buffer read still in flight
inline constexpr uint8_t kAccessAnyOpCompatible = 1 << 4;
inline constexpr uint8_t kAccessDirect = 1 << 5; // a load or store through shared memory
inline constexpr uint8_t kAccessLanguageAtomic = 1 << 6;
inline constexpr uint8_t kAccessOrderedFromSameOrigin = 1 << 7;

// One remote access, forwarded to its target.
struct RemoteAccessRecord {
  Sequence seq = 0;                 // program order at the origin
  ThreadId thread = kInitialThread; // the origin's thread that issued it
  SegmentId segment = 0;
  ContextId context = 0;
  bool remoteRead = false;
  bool remoteWrite = false;
  bool provisional = false;
  bool bufferPending = false;
  bool direct = false;
  bool languageAtomic = false;
  Atomicity atomicity;
  uint64_t fenceCount = 0; // fences before it (R6)
  uint32_t snapshot = 0;   // SnapshotRecord id
  uint64_t lockEpoch = 0;  // passive epoch it belongs to, 0: none
  LocationHandle site = kNoLocation;
  ByteRanges offsets;      // in the target's part of the segment
  uint64_t accessSize = 0; // direct accesses only: the size of one load or store
  bool operator==(const RemoteAccessRecord &other) const;
};
void encode(WireWriter &out, const RemoteAccessRecord &record);
void decode(WireReader &in, RemoteAccessRecord &record);
// The flag byte of a record, and the fields it sets.
uint8_t accessFlags(const RemoteAccessRecord &record);
void setAccessFlags(RemoteAccessRecord &record, uint8_t flags);

// Flag bits of a CompletionNotice: which kinds of remote access it completes.
inline constexpr uint8_t kCompletesReads = 1 << 0;
inline constexpr uint8_t kCompletesWrites = 1 << 1;

// Remote accesses of the origin completed at completion point (origin, threshold): either
// exactly the access `single`, or (single == 0) every matching one issued before `bound`.
struct CompletionNotice {
  ContextId context = 0;
  Sequence bound = 0;
  bool reads = false;
  bool writes = false;
  Sequence single = 0;
  Epoch threshold = 0;
  ThreadId thread = kInitialThread; // the origin's thread that completed them
  Sequence completionSeq = 0;       // the completion call in the origin's program order
  bool operator==(const CompletionNotice &) const = default;
};
void encode(WireWriter &out, const CompletionNotice &record);
void decode(WireReader &in, CompletionNotice &record);

// Target notify (tn) on `signal`.
struct NotifyRecord {
  SignalId signal = 0;
  uint64_t value = 0;
  ContextId context = 0;
  uint64_t fenceBound = 0;      // remote writes with a smaller fence count are completed (R6, R7)
  Sequence associatedFirst = 0; // the operations it includes (R8): [first, associated]
  Sequence associated = 0;      // 0: none
  Sequence notifySeq = 0;
  // Earlier writes of threads the notifying thread is not ordered after: not included.
  std::vector<Sequence> unordered;
  bool operator==(const NotifyRecord &) const = default;
};
void encode(WireWriter &out, const NotifyRecord &record);
void decode(WireReader &in, NotifyRecord &record);

// The acquisition clock of passive epoch `lockEpoch`, once the origin knows the lock is held.
struct EpochClockRecord {
  uint64_t lockEpoch = 0;
  VectorClock clock;
  bool operator==(const EpochClockRecord &) const = default;
};
void encode(WireWriter &out, const EpochClockRecord &record);
void decode(WireReader &in, EpochClockRecord &record);

// Target to origin: remote writes (by origin sequence) completed by a target wait, at the
// target's epoch `threshold` (implicit completion, Fig. 6.7).
struct AckRecord {
  Epoch threshold = 0;
  ThreadId thread = kInitialThread;
  std::vector<Sequence> seqs;
  bool operator==(const AckRecord &) const = default;
};
void encode(WireWriter &out, const AckRecord &record);
void decode(WireReader &in, AckRecord &record);

} // namespace rmarace::wire
