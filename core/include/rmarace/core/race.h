// Race records and the interface through which a Process reaches its host (the runtime or the
// simulator): resolving location handles and delivering races and errors.
#pragma once

#include "rmarace/core/function_ref.h"
#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rmarace {

// One side of a race.
struct AccessRecord {
  Rank rank = 0; // where the access was issued
  ThreadId thread = kInitialThread;
  AccessKind kind = AccessKind::Load;
  AtomicOp atomicOp = AtomicOp::None;
  BasicType atomicType = BasicType::None;
  bool languageAtomic = false; // a C/C++ atomic load/store (still conflicts with RMA)
  bool direct = false;         // a remote access by a plain load/store through shared memory
  uint64_t size = 0;           // bytes of the whole access
  Location location;
};

// The concurrent region of the RMA access of a race, as the events at the memory's process that
// bound it (last signal and next wait, 4.2.2), or the RMA call and its completion for local
// buffer accesses. Empty locations mean "program start" (begin) or "not yet ended" (end).
struct ConcurrentRegion {
  Location begin;
  Location end;
  bool ended = false;
  bool beginForgotten = false; // begin lies beyond the kept history (SyncState::kEpochSitesKept)
};

struct RaceRecord {
  RaceKind kind = RaceKind::Remote;
  Rank memoryRank = 0;                    // the process whose memory both accesses touch
  std::string memoryName;                 // window / segment name, or "local memory"
  bool outsideSegments = false;           // memory of no segment: offsets are addresses
  uint64_t offsetBegin = 0;               // first overlapping byte, relative to the segment
  uint64_t offsetEnd = 0;                 // one past the last byte of the first overlapping range
  AccessRecord earlier;                   // the access that was known first
  AccessRecord later;                     // the access whose arrival revealed the race
  std::optional<ConcurrentRegion> region; // of the RMA access (the later one when both are)
};

// Misuse the model cannot interpret, e.g. an access outside a window's bounds.
struct ErrorRecord {
  std::string kind; // short machine-readable tag, e.g. "out-of-bounds"
  Rank rank = 0;    // process that detected it
  std::string message;
  Location location;
};

// A plain load or store of memory the engine did not track when it happened (private memory of a
// multithreaded process), as its host remembers it. Such memory becomes tracked when an RMA call
// makes it a buffer; the call then races with the accesses of the threads it is not ordered after
// (dissertation 2.3.5), even though they came first.
struct UntrackedAccess {
  ThreadId thread = kInitialThread;
  Epoch epoch = 0; // the thread's epoch when it accessed
  Address begin = 0;
  Address end = 0;
  bool write = false;
  bool languageAtomic = false;
  LocationHandle site = kNoLocation;
};

class RMARACE_API ProcessHost {
public:
  virtual ~ProcessHost() = default;
  virtual Location resolve(LocationHandle handle) = 0;
  virtual void reportRace(const RaceRecord &race) = 0;
  virtual void reportError(const ErrorRecord &error) = 0;
  // The untracked accesses the host remembers that overlap [begin, end). A host that remembers
  // none (a single-threaded one) keeps the default.
  virtual void untrackedAccesses(Address begin, Address end,
                                 FunctionRef<void(const UntrackedAccess &)> visit) {
    (void)begin, (void)end, (void)visit;
  }
};

} // namespace rmarace
