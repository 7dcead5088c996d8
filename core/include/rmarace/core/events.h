// Abstract RMA events (dissertation Table 4.1 and 4.2): what interceptors translate concrete
// MPI, OpenSHMEM and GASPI calls into.
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rmarace {

// Atomicity of a remote access (2.3.4). Two atomic accesses are compatible when they use the same
// basic datatype, their elements coincide, and their operations are compatible: under MPI's
// default accumulate_ops (same_op_no_op) the same operation or MPI_NO_OP; in OpenSHMEM and GASPI
// any atomic operation.
struct Atomicity {
  AtomicOp op = AtomicOp::None;
  BasicType type = BasicType::None;
  uint32_t elementSize = 0;
  bool anyOpCompatible = false;
  // Atomic accesses from one origin to overlapping locations take effect in issue order (MPI's
  // default accumulate_ordering rar,raw,war,waw, MPI-3.1 11.7.2, per basic datatype): two such
  // accesses of the same origin and window are ordered even without completion between them.
  bool orderedFromSameOrigin = false;
  bool atomic() const { return op != AtomicOp::None; }
};

// One RMA communication call at its origin: a remote access at the target plus the accesses to
// the origin's own buffers.
struct RmaOperation {
  LocationHandle site = kNoLocation; // call site, resolving to the call name and file:line
  Rank target = 0;
  SegmentId segment = 0;
  ContextId context = 0;
  RequestId request = kNoRequest; // request-based operations (individual completion, R9)
  // Remote side: byte offsets within the target's part of the segment (absolute addresses for
  // dynamic segments).
  ByteRanges targetRanges;
  bool remoteRead = false;
  bool remoteWrite = false;
  Atomicity atomicity;
  // Origin side: buffers the operation reads (put data, accumulate operand, compare value) and
  // writes (get result, fetched value), as absolute addresses at the origin.
  ByteRanges originRead;
  ByteRanges originWrite;
  // The call returns only after its origin buffers are done with (shmem_put, shmem_get).
  bool locallyBlocking = false;
  // The call returns only after its remote access is complete (blocking get, fetching atomic:
  // the value it returns was read, and written, at the target).
  bool remoteBlocking = false;
  // Plain loads or stores of the target's memory through shared memory (MPI shared windows,
  // shmem_ptr; dissertation 6.4): complete when they return, ordered by no access epoch, and no
  // RMA call at all. `accessSize` is the size of one such access (the ranges may merge several);
  // `languageAtomic` marks C/C++ atomic loads and stores, which do not race with each other.
  bool direct = false;
  bool languageAtomic = false;
  uint64_t accessSize = 0;
};

// The seven completion events of Table 4.2 (target notify and target wait are separate calls on
// Process because they pair with synchronisation).
enum class CompletionKind : uint8_t {
  CollectiveFlush, // cf: R3, all accesses to targets in the group
  LocalFlush,      // lf: R4, buffer accesses and remote reads
  RemoteFlush,     // rf: R5, remote accesses and buffer reads
  LocalComplete,   // lc: R9, buffer accesses and remote read of one request
  Fence,           // fnc: R6, orders remote writes to the same target
};
const char *completionKindName(CompletionKind k);

struct Completion {
  CompletionKind kind = CompletionKind::LocalFlush;
  LocationHandle site = kNoLocation;
  // Targets whose operations are affected; empty means all targets.
  std::vector<Rank> targets;
  ContextId context = kAnyContext;
  RequestId request = kNoRequest; // LocalComplete only
  bool appliesTo(Rank target, ContextId ctx) const;
};

// Where an access became complete: at the first event of thread `thread` of `rank` whose own clock
// entry is at least `threshold`. Any event whose clock has V[rank, thread] >= threshold happens
// after the completion.
struct CompletionPoint {
  Rank rank = 0;
  Epoch threshold = kEpochInfinity;
  ThreadId thread = kInitialThread;
  bool known() const { return threshold != kEpochInfinity; }
  ClockSlot slot() const { return {rank, thread}; }
  // Whether an event with this clock happens after the completion.
  bool knownTo(const VectorClock &clock) const { return known() && clock.at(slot()) >= threshold; }
};

} // namespace rmarace
