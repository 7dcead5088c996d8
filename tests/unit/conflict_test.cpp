// Conflict rules (Tables 2.1 and 2.2, Def. 4.1) and atomicity compatibility (2.3.4).
#include "rmarace/core/conflict.h"

#include <gtest/gtest.h>

namespace rmarace {
namespace {

constexpr AccessKind kAll[] = {AccessKind::Load,       AccessKind::Store,
                               AccessKind::BufferRead, AccessKind::BufferWrite,
                               AccessKind::RemoteRead, AccessKind::RemoteWrite};

TEST(Conflict, AtLeastOneWriteConflicts) {
  for (AccessKind a : kAll) {
    for (AccessKind b : kAll) {
      bool expected = isWrite(a) || isWrite(b);
      EXPECT_EQ(conflicting({a}, {b}), expected) << accessKindName(a) << " / " << accessKindName(b);
    }
  }
}

TEST(Conflict, KindPredicates) {
  EXPECT_TRUE(isWrite(AccessKind::Store));
  EXPECT_TRUE(isWrite(AccessKind::BufferWrite));
  EXPECT_TRUE(isWrite(AccessKind::RemoteWrite));
  EXPECT_FALSE(isWrite(AccessKind::BufferRead));
  EXPECT_TRUE(isRemote(AccessKind::RemoteRead));
  EXPECT_FALSE(isRemote(AccessKind::Load));
  EXPECT_TRUE(isBuffer(AccessKind::BufferRead));
  EXPECT_FALSE(isBuffer(AccessKind::RemoteWrite));
}

Atomicity mpiAtomic(AtomicOp op, BasicType t = BasicType::Int, uint32_t size = 4) {
  return Atomicity{op, t, size, false};
}
Atomicity shmemAtomic(AtomicOp op, BasicType t = BasicType::Int, uint32_t size = 4) {
  return Atomicity{op, t, size, true};
}

TEST(AtomicCompatible, NonAtomicAccessesNeverAre) {
  ByteRanges r(0, 4);
  EXPECT_FALSE(atomicCompatible(Atomicity{}, r, mpiAtomic(AtomicOp::Sum), r));
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum), r, Atomicity{}, r));
}

TEST(AtomicCompatible, SameOperationAndTypeAre) {
  ByteRanges r(0, 4);
  EXPECT_TRUE(atomicCompatible(mpiAtomic(AtomicOp::Sum), r, mpiAtomic(AtomicOp::Sum), r));
  EXPECT_TRUE(atomicCompatible(mpiAtomic(AtomicOp::Replace), r, mpiAtomic(AtomicOp::Replace), r));
}

TEST(AtomicCompatible, TypesMustMatch) {
  ByteRanges r(0, 4);
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum, BasicType::Int), r,
                                mpiAtomic(AtomicOp::Sum, BasicType::Float), r));
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum, BasicType::Short, 2), ByteRanges(0, 2),
                                mpiAtomic(AtomicOp::Sum, BasicType::Int, 4), r));
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum, BasicType::None), r,
                                mpiAtomic(AtomicOp::Sum, BasicType::None), r));
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum, BasicType::Int, 0), r,
                                mpiAtomic(AtomicOp::Sum, BasicType::Int, 0), r));
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum, BasicType::Int, 4), r,
                                mpiAtomic(AtomicOp::Sum, BasicType::Int, 8), r));
}

// MPI's default accumulate_ops = same_op_no_op.
TEST(AtomicCompatible, MpiOperationsSameOpOrNoOp) {
  ByteRanges r(0, 4);
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Sum), r, mpiAtomic(AtomicOp::Max), r));
  EXPECT_FALSE(atomicCompatible(mpiAtomic(AtomicOp::Replace), r, mpiAtomic(AtomicOp::Sum), r));
  EXPECT_TRUE(atomicCompatible(mpiAtomic(AtomicOp::NoOp), r, mpiAtomic(AtomicOp::Max), r));
  EXPECT_TRUE(atomicCompatible(mpiAtomic(AtomicOp::Replace), r, mpiAtomic(AtomicOp::NoOp), r));
  EXPECT_TRUE(atomicCompatible(mpiAtomic(AtomicOp::CompareAndSwap), r,
                               mpiAtomic(AtomicOp::CompareAndSwap), r));
}

// OpenSHMEM and GASPI: any atomic operations combine, but only when both sides say so.
TEST(AtomicCompatible, AnyOpCompatibleNeedsBothSides) {
  ByteRanges r(0, 4);
  EXPECT_TRUE(atomicCompatible(shmemAtomic(AtomicOp::Sum), r, shmemAtomic(AtomicOp::Replace), r));
  EXPECT_TRUE(atomicCompatible(shmemAtomic(AtomicOp::Swap), r, shmemAtomic(AtomicOp::BitXor), r));
  EXPECT_FALSE(atomicCompatible(shmemAtomic(AtomicOp::Sum), r, mpiAtomic(AtomicOp::Replace), r));
  EXPECT_FALSE(atomicCompatible(shmemAtomic(AtomicOp::Sum, BasicType::Long, 8), ByteRanges(0, 8),
                                shmemAtomic(AtomicOp::Sum, BasicType::Double, 8),
                                ByteRanges(0, 8)));
}

TEST(AtomicCompatible, ElementsMustCoincide) {
  Atomicity a = mpiAtomic(AtomicOp::Sum);
  // Two ints at 0..7 and two ints at 4..11 share the element at 4..7.
  EXPECT_TRUE(atomicCompatible(a, ByteRanges(0, 8), a, ByteRanges(4, 8)));
  // An int at byte 2 straddles two elements of the other access.
  EXPECT_FALSE(atomicCompatible(a, ByteRanges(0, 8), a, ByteRanges(2, 4)));
  // A partial element (2 bytes of a 4-byte element) does not coincide.
  EXPECT_FALSE(atomicCompatible(a, ByteRanges(0, 4), a, ByteRanges(0, 2)));
  // Disjoint accesses are vacuously compatible.
  EXPECT_TRUE(atomicCompatible(a, ByteRanges(0, 4), a, ByteRanges(8, 4)));
}

TEST(AtomicCompatible, StridedElementsCoincideWithContiguousOnes) {
  Atomicity a = mpiAtomic(AtomicOp::Sum);
  ByteRanges vec;
  vec.addStrided(0, 4, 8, 3); // ints at 0, 8, 16
  EXPECT_TRUE(atomicCompatible(a, vec, a, ByteRanges(0, 24)));
  ByteRanges shifted;
  shifted.addStrided(2, 4, 8, 3); // ints at 2, 10, 18
  EXPECT_FALSE(atomicCompatible(a, shifted, a, ByteRanges(0, 24)));
}

TEST(Conflict, CompatibleRemoteAtomicsDoNotConflict) {
  Atomicity sum = mpiAtomic(AtomicOp::Sum), max = mpiAtomic(AtomicOp::Max);
  ByteRanges r(0, 4);
  EXPECT_FALSE(
      conflicting({AccessKind::RemoteWrite, &sum, &r}, {AccessKind::RemoteWrite, &sum, &r}));
  EXPECT_TRUE(
      conflicting({AccessKind::RemoteWrite, &sum, &r}, {AccessKind::RemoteWrite, &max, &r}));
  // A remote atomic against a plain (or C/C++ atomic) local access always conflicts on a write.
  EXPECT_TRUE(conflicting({AccessKind::RemoteWrite, &sum, &r}, {AccessKind::Load}));
  EXPECT_TRUE(conflicting({AccessKind::Store}, {AccessKind::RemoteRead, &sum, &r}));
  // Atomic and non-atomic remote accesses conflict.
  Atomicity none;
  EXPECT_TRUE(
      conflicting({AccessKind::RemoteWrite, &sum, &r}, {AccessKind::RemoteRead, &none, &r}));
  // Remote reads never conflict with each other.
  EXPECT_FALSE(
      conflicting({AccessKind::RemoteRead, &none, &r}, {AccessKind::RemoteRead, &sum, &r}));
}

} // namespace
} // namespace rmarace
