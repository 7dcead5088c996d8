// Internal state of a Process, shared by its implementation files.
#pragma once

#include "rmarace/core/process.h"
#include "rmarace/core/wire.h"

#include <limits>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace rmarace {

inline constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
inline constexpr Sequence kNoSequence = std::numeric_limits<Sequence>::max();

// The first byte of a granule's overlap mask.
inline Address firstByte(Address granule, uint8_t overlap) {
  return granule + static_cast<Address>(__builtin_ctz(overlap));
}

// The ledger stream of batches (FIFO per origin and target).
inline constexpr uint64_t kBatchStream = std::numeric_limits<uint64_t>::max();

// Record tags of a batch.
enum class WireTag : uint8_t {
  Location = 1,   // a source location definition
  Snapshot = 2,   // a clock snapshot definition
  Access = 3,     // a remote access
  Complete = 4,   // completion notice for remote accesses
  Notify = 5,     // target notify (tn)
  EpochClock = 6, // acquisition clock of a passive epoch
  Ack = 7,        // target to origin: remote writes completed by a target wait
};

// An access of this process's own RMA calls that is tracked in program order: an origin buffer
// access, or a remote access targeting this process itself.
struct Process::OwnAccess {
  AccessKind kind = AccessKind::BufferRead;
  ByteRanges ranges;
  Sequence seq = 0;
  Epoch issueEpoch = 0;
  Epoch lastEpoch = kEpochInfinity; // last epoch the access may still happen in
  LocationHandle site = kNoLocation;
  LocationHandle completionSite = kNoLocation;
  Atomicity atomicity;
  ContextId context = 0;
  uint64_t fenceCount = 0;
  bool pending = true;
  bool onExposed = false;
  bool inUse = true;
};

// An RMA call at the origin until all its parts are complete.
struct Process::IssuedOp {
  Sequence seq = 0;
  ContextId context = 0;
  RequestId request = kNoRequest;
  uint32_t readBuffer = kNone; // own access ids
  uint32_t writeBuffer = kNone;
  uint32_t selfRemote = kNone;       // own access id of a self-targeted remote access
  uint32_t selfRemoteRecord = kNone; // its remote access id
  bool remoteReadOpen = false;       // forwarded remote read not yet complete
  bool remoteWriteOpen = false;      // forwarded remote write not yet complete
  bool done() const {
    return readBuffer == kNone && writeBuffer == kNone && selfRemote == kNone && !remoteReadOpen &&
           !remoteWriteOpen;
  }
};

// A remote access to this process's memory.
struct Process::RemoteAccess {
  Rank origin = 0;
  Sequence seq = 0;
  AccessKind kind = AccessKind::RemoteRead;
  Atomicity atomicity;
  ContextId context = 0;
  SegmentId segment = 0;
  ByteRanges ranges; // absolute, in this process
  uint64_t size = 0;
  Epoch regionStart = 0;
  Epoch regionEnd = kEpochInfinity; // exclusive
  CompletionPoint completion;
  Sequence completionSeq = kNoSequence; // origin sequence of an origin-side completion
  std::shared_ptr<const VectorClock> snapshot;
  uint64_t fenceCount = 0;
  uint64_t lockEpoch = 0;
  bool provisional = false;
  bool bufferPending = false;
  bool direct = false;               // a plain load or store through shared memory
  bool languageAtomic = false;       // ... with a C/C++ atomic
  LocationHandle site = kNoLocation; // in the origin's namespace (self: this process's)
  bool open = true;
  bool inUse = true;
};

// Per peer, what this process sends.
struct Process::PeerOut {
  std::vector<std::byte> open; // records of the open batch (without header)
  std::set<LocationHandle> sentLocations;
  std::pair<uint64_t, uint64_t> snapshotKey{0, 0};
  uint32_t snapshotId = 0;
  Sequence lastOpSeq = 0;
};

// Per peer, what this process received.
struct Process::PeerIn {
  std::map<LocationHandle, Location> locations;
  std::map<uint32_t, std::shared_ptr<const VectorClock>> snapshots;
  std::map<uint64_t, std::vector<uint32_t>> provisional; // lock epoch -> remote access ids
  std::vector<uint32_t> live; // remote access ids whose region end is not known, by sequence
};

struct Process::NotifyRecord {
  Rank origin = 0;
  uint64_t value = 0;
  ContextId context = 0;
  uint64_t fenceBound = 0;
  Sequence associated = 0; // 0: none
  Sequence notifySeq = 0;
};

} // namespace rmarace
