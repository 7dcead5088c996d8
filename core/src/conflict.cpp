#include "rmarace/core/conflict.h"

namespace rmarace {

namespace {

bool operationsCompatible(const Atomicity &a, const Atomicity &b) {
  if (a.anyOpCompatible && b.anyOpCompatible) return true;
  // MPI's default accumulate_ops = same_op_no_op (MPI-3.1 11.7.1).
  return a.op == b.op || a.op == AtomicOp::NoOp || b.op == AtomicOp::NoOp;
}

// Element start of the element of `r` that contains byte x.
Address elementStart(const ByteRange &r, Address x, uint64_t elementSize) {
  return r.begin + (x - r.begin) / elementSize * elementSize;
}

// Same basic datatype, and every overlapping byte lies in the same element of both accesses.
bool elementsCoincide(const Atomicity &a, const ByteRanges &ra, const Atomicity &b,
                      const ByteRanges &rb) {
  if (!a.atomic() || !b.atomic()) return false;
  if (a.type != b.type || a.type == BasicType::None || a.elementSize != b.elementSize ||
      a.elementSize == 0)
    return false;
  auto ia = ra.ranges().begin();
  auto ib = rb.ranges().begin();
  while (ia != ra.ranges().end() && ib != rb.ranges().end()) {
    Address lo = std::max(ia->begin, ib->begin);
    Address hi = std::min(ia->end, ib->end);
    if (lo < hi) {
      if (elementStart(*ia, lo, a.elementSize) != elementStart(*ib, lo, b.elementSize))
        return false;
      // The last overlapping element must end inside both accesses.
      Address lastA = elementStart(*ia, hi - 1, a.elementSize) + a.elementSize;
      Address lastB = elementStart(*ib, hi - 1, b.elementSize) + b.elementSize;
      if (lastA != lastB || lastA > ia->end || lastB > ib->end) return false;
    }
    if (ia->end <= ib->end)
      ++ia;
    else
      ++ib;
  }
  return true;
}

} // namespace

bool atomicCompatible(const Atomicity &a, const ByteRanges &ra, const Atomicity &b,
                      const ByteRanges &rb) {
  return operationsCompatible(a, b) && elementsCoincide(a, ra, b, rb);
}

bool orderedAtomics(const Atomicity &a, const ByteRanges &ra, const Atomicity &b,
                    const ByteRanges &rb) {
  return a.orderedFromSameOrigin && b.orderedFromSameOrigin && elementsCoincide(a, ra, b, rb);
}

bool orderedByIssue(const IssuedRemoteAccess &first, const IssuedRemoteAccess &second) {
  if (first.context != second.context) return false;
  if (first.kind == AccessKind::RemoteWrite && second.kind == AccessKind::RemoteWrite &&
      first.fenceCount < second.fenceCount)
    return true;
  return first.atomicity && second.atomicity && first.ranges && second.ranges &&
         orderedAtomics(*first.atomicity, *first.ranges, *second.atomicity, *second.ranges);
}

bool conflicting(const ConflictOperand &a, const ConflictOperand &b) {
  if (!isWrite(a.kind) && !isWrite(b.kind)) return false;
  if (isRemote(a.kind) && isRemote(b.kind) && a.atomicity && b.atomicity && a.ranges && b.ranges &&
      atomicCompatible(*a.atomicity, *a.ranges, *b.atomicity, *b.ranges))
    return false;
  return true;
}

} // namespace rmarace
