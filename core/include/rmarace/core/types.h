// Basic vocabulary of the race model: ranks, epochs, identifiers and access kinds.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace rmarace {

using Rank = int32_t;
// A process's own vector clock entry. It advances at every synchronisation event; the plain
// events between two synchronisation events share an epoch (dissertation Def. 3.5 with the
// per-event increments of internal events folded into one step per epoch).
using Epoch = uint64_t;
inline constexpr Epoch kEpochInfinity = std::numeric_limits<Epoch>::max();

// A thread of a process, numbered by the host in the order the process learns of it. Thread 0 is
// the process's initial thread; a single-threaded process has no other.
using ThreadId = uint32_t;
inline constexpr ThreadId kInitialThread = 0;

// One component of a vector clock: a thread of a rank (dissertation 3.6: a partially ordered
// logical clock keyed by globally unique thread identifiers).
struct ClockSlot {
  Rank rank = 0;
  ThreadId thread = kInitialThread;
  auto operator<=>(const ClockSlot &) const = default;
};

using Address = uint64_t;
// Program order of RMA calls and completions at one process (finer than epochs).
using Sequence = uint64_t;

// Identifies remotely accessible memory (an MPI window, a GASPI segment, the SHMEM heap).
// Equal on all processes that share the segment.
using SegmentId = uint32_t;
// Scope of bulk completion: an MPI window, a SHMEM context, a GASPI queue.
using ContextId = uint32_t;
inline constexpr ContextId kAnyContext = std::numeric_limits<ContextId>::max();
// Individual completion handle: an MPI request, a GASPI read_notify id.
using RequestId = uint64_t;
inline constexpr RequestId kNoRequest = 0;
// Matching identifier of target notify / target wait (signal address, notification id).
using SignalId = uint64_t;
// Synchronisation resource (lock, polled location) for resource-bound signal/wait.
using ResourceId = uint64_t;
// Queue identifier of process-bound synchronisation (e.g. a communicator and tag).
using QueueId = uint64_t;

// An opaque handle of a source location, owned by the host (runtime or simulator), resolved to
// a Location when a report needs it.
using LocationHandle = uint64_t;
inline constexpr LocationHandle kNoLocation = 0;

struct Location {
  std::string file;
  std::string function;
  std::string call; // e.g. "MPI_Put"; empty for plain loads and stores
  // What the accessing thread was running, when its thread library said so (e.g. "OpenMP task
  // created at t.c:40"); empty for a process's initial thread.
  std::string context;
  // The object file (program or shared library) of the code, when known.
  std::string module;
  uint32_t line = 0;
  uint32_t column = 0;
};

// Memory event kinds of Table 4.1.
enum class AccessKind : uint8_t {
  Load,        // ld
  Store,       // st
  BufferRead,  // lrd: origin buffer read of a remote write
  BufferWrite, // lwr: origin buffer write of a remote read
  RemoteRead,  // rrd
  RemoteWrite, // rwr
};

inline bool isWrite(AccessKind k) {
  return k == AccessKind::Store || k == AccessKind::BufferWrite || k == AccessKind::RemoteWrite;
}
inline bool isRemote(AccessKind k) {
  return k == AccessKind::RemoteRead || k == AccessKind::RemoteWrite;
}
inline bool isBuffer(AccessKind k) {
  return k == AccessKind::BufferRead || k == AccessKind::BufferWrite;
}
const char *accessKindName(AccessKind k);

// Predefined element types, for the atomicity rules of 2.3.4.
enum class BasicType : uint8_t {
  None, // not an atomic access or unknown
  Char,
  Short,
  Int,
  Long,
  LongLong,
  UnsignedChar,
  UnsignedShort,
  Unsigned,
  UnsignedLong,
  UnsignedLongLong,
  Float,
  Double,
  LongDouble,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Byte,
  Other,
};
const char *basicTypeName(BasicType t);

// Accumulate operation of an atomic remote access. Atomic accesses with operations that are not
// compatible lose their atomicity guarantee.
enum class AtomicOp : uint8_t {
  None,    // not atomic
  NoOp,    // atomic read (MPI_NO_OP, shmem atomic fetch)
  Replace, // atomic write (MPI_REPLACE, shmem atomic set)
  Sum,
  Prod,
  Max,
  Min,
  BitAnd,
  BitOr,
  BitXor,
  LogicalAnd,
  LogicalOr,
  LogicalXor,
  CompareAndSwap,
  Swap,
  Other,
};
const char *atomicOpName(AtomicOp op);

enum class RaceKind : uint8_t { LocalBuffer, Remote };
const char *raceKindName(RaceKind k);

} // namespace rmarace
