// The two kinds of RMA access a Process keeps records of, shared by the parts of the engine:
// accesses of its own RMA calls (OriginTracker / OwnAccesses) and remote accesses to its memory
// (TargetChecker). History cells name them by slot number (ShadowRecord::subject).
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/events.h"
#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"

#include <cstdint>
#include <limits>
#include <memory>

namespace rmarace {

inline constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
inline constexpr Sequence kNoSequence = std::numeric_limits<Sequence>::max();

// The first byte of a granule's overlap mask.
inline Address firstByte(Address granule, uint8_t overlap) {
  return granule + static_cast<Address>(__builtin_ctz(overlap));
}

// An access of this process's own RMA calls that is tracked in program order: an origin buffer
// access, or a remote access targeting this process itself.
struct OwnAccess {
  AccessKind kind = AccessKind::BufferRead;
  ByteRanges ranges;
  Sequence seq = 0;
  Epoch issueEpoch = 0;
  Epoch lastEpoch = kEpochInfinity;           // last epoch the access may still happen in
  ThreadId thread = kInitialThread;           // the thread that issued the call
  ThreadId completionThread = kInitialThread; // the thread whose call completed it
  LocationHandle site = kNoLocation;
  LocationHandle completionSite = kNoLocation;
  Atomicity atomicity;
  ContextId context = 0;
  uint64_t fenceCount = 0;
  bool pending = true;
  bool onExposed = false;
};

// A remote access to this process's memory.
struct RemoteAccess {
  Rank origin = 0;
  ThreadId thread = kInitialThread; // the origin's thread that issued it
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
  CompletionPoint originCompletion;     // ... the origin's thread and epoch of that completion
  std::shared_ptr<const VectorClock> snapshot;
  uint64_t fenceCount = 0;
  uint64_t lockEpoch = 0;
  bool provisional = false;
  bool bufferPending = false;
  bool direct = false;               // a plain load or store through shared memory
  bool languageAtomic = false;       // ... with a C/C++ atomic
  LocationHandle site = kNoLocation; // in the origin's namespace (self: this process's)
  bool open = true;
  // Replaced in the history by a newer repeat of the same call (TargetChecker::supersedes,
  // replacesEnded): its slot is released at the next collection even though its region has not
  // ended, or earlier (Pruning::reclaimRepeats).
  bool superseded = false;
  // Replaced an older repeat that its origin had not completed (TargetChecker::replacesEnded).
  bool replacedUncompleted = false;
};

} // namespace rmarace
