// Which pairs of accesses to the same bytes conflict: Table 2.1 (origin buffers), Table 2.2
// (target memory) and the atomicity rules of 2.3.4 (Definition 4.1).
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/events.h"
#include "rmarace/core/types.h"

namespace rmarace {

// One access for the conflict check. `atomicity` and `ranges` matter only for remote accesses.
struct ConflictOperand {
  AccessKind kind = AccessKind::Load;
  const Atomicity *atomicity = nullptr;
  const ByteRanges *ranges = nullptr;
};

// Two RMA-atomic accesses keep their atomicity guarantee: same basic datatype, elements that
// coincide wherever the accesses overlap, and compatible operations.
bool atomicCompatible(const Atomicity &a, const ByteRanges &ra, const Atomicity &b,
                      const ByteRanges &rb);

// Two atomic accesses of one origin are ordered by the model (Atomicity::orderedFromSameOrigin):
// both ordered, same basic datatype, elements that coincide; any operations.
bool orderedAtomics(const Atomicity &a, const ByteRanges &ra, const Atomicity &b,
                    const ByteRanges &rb);

// A remote access as its origin issued it, for the ordering rules of one origin's program order.
struct IssuedRemoteAccess {
  AccessKind kind = AccessKind::RemoteRead;
  ContextId context = 0;
  uint64_t fenceCount = 0; // fences of the origin before the call
  const Atomicity *atomicity = nullptr;
  const ByteRanges *ranges = nullptr;
};

// The origin's program order alone orders two of its remote accesses to the same memory, with
// no completion between them: a fence of the context between two writes (R6), or atomics of the
// context that the model orders (accumulate_ordering, MPI-3.1 11.7.2). `first` was issued first.
bool orderedByIssue(const IssuedRemoteAccess &first, const IssuedRemoteAccess &second);

// Accesses to overlapping bytes conflict when at least one writes and they are not both RMA
// atomics that keep their atomicity (language atomics never combine with RMA atomics).
bool conflicting(const ConflictOperand &a, const ConflictOperand &b);

} // namespace rmarace
