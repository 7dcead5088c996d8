// Every row of the dissertation's Table 2.1 (origin side: loads, stores and the buffers of MPI
// put/get/accumulate calls) and Table 2.2 (target side: local loads and stores, remote reads and
// writes, remote atomics with compatible and incompatible atomicity, 2.3.4). Each test runs one
// pair of accesses to the same bytes inside one fence epoch and asserts the exact races.
#include "verbs.h"

namespace rmarace::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// ---- Table 2.1: origin buffers ------------------------------------------------------------------
// Rank 0 is the origin; its RMA calls target different window bytes (0 and 8) so that only the
// origin buffer `buf` is shared. Line 2 is the first access, line 3 the second.

enum class Origin { Load, Store, PutBuffer, GetBuffer, AccumulateBuffer, GetAccumulateResult };

std::vector<RaceView> originPair(Origin first, Origin second) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(sizeof(int));
    Address other = r.allocate(sizeof(int));
    m.fence(win, 1);
    if (m.rank() == 0) {
      uint32_t line = 2;
      uint64_t disp = 0;
      for (Origin a : {first, second}) {
        switch (a) {
        case Origin::Load:
          m.load(buf, sizeof(int), line);
          break;
        case Origin::Store:
          m.store(buf, sizeof(int), line);
          break;
        case Origin::PutBuffer:
          m.put(win, 1, disp, buf, sizeof(int), line);
          break;
        case Origin::GetBuffer:
          m.get(win, 1, disp, buf, sizeof(int), line);
          break;
        case Origin::AccumulateBuffer:
          m.accumulate(win, 1, disp, buf, sizeof(int),
                       Mpi::atomic(AtomicOp::Sum, BasicType::Int, sizeof(int)), line);
          break;
        case Origin::GetAccumulateResult:
          m.fetchOp(win, 1, disp, other, buf, sizeof(int),
                    Mpi::atomic(AtomicOp::Sum, BasicType::Int, sizeof(int)), line,
                    "MPI_Get_accumulate");
          break;
        }
        ++line;
        disp += 8;
      }
    }
    m.fence(win, 4);
  });
  return racesOf(s);
}

// Row "Load".
TEST(Table2_1, Load_Load_NotAnRmaConflict) {
  EXPECT_THAT(originPair(Origin::Load, Origin::Load), IsEmpty());
}
TEST(Table2_1, Load_Store_NotAnRmaConflict) {
  EXPECT_THAT(originPair(Origin::Load, Origin::Store), IsEmpty());
}
TEST(Table2_1, Load_BufferRead_Compatible) {
  EXPECT_THAT(originPair(Origin::PutBuffer, Origin::Load), IsEmpty());
  EXPECT_THAT(originPair(Origin::AccumulateBuffer, Origin::Load), IsEmpty());
}
TEST(Table2_1, Load_BufferWrite_Conflict) {
  EXPECT_THAT(originPair(Origin::GetBuffer, Origin::Load),
              ElementsAre(LocalBuffer("0:MPI_Get@2", "0:load@3")));
  EXPECT_THAT(originPair(Origin::GetAccumulateResult, Origin::Load),
              ElementsAre(LocalBuffer("0:MPI_Get_accumulate@2", "0:load@3")));
}
// Row "Store".
TEST(Table2_1, Store_BufferRead_Conflict) {
  EXPECT_THAT(originPair(Origin::PutBuffer, Origin::Store),
              ElementsAre(LocalBuffer("0:MPI_Put@2", "0:store@3")));
  EXPECT_THAT(originPair(Origin::AccumulateBuffer, Origin::Store),
              ElementsAre(LocalBuffer("0:MPI_Accumulate@2", "0:store@3")));
}
TEST(Table2_1, Store_BufferWrite_Conflict) {
  EXPECT_THAT(originPair(Origin::GetBuffer, Origin::Store),
              ElementsAre(LocalBuffer("0:MPI_Get@2", "0:store@3")));
}
// Row "Buffer Read".
TEST(Table2_1, BufferRead_BufferRead_Compatible) {
  EXPECT_THAT(originPair(Origin::PutBuffer, Origin::PutBuffer), IsEmpty());
  EXPECT_THAT(originPair(Origin::PutBuffer, Origin::AccumulateBuffer), IsEmpty());
}
TEST(Table2_1, BufferRead_BufferWrite_Conflict) {
  EXPECT_THAT(originPair(Origin::PutBuffer, Origin::GetBuffer),
              ElementsAre(LocalBuffer("0:MPI_Put@2", "0:MPI_Get@3")));
  EXPECT_THAT(originPair(Origin::GetBuffer, Origin::PutBuffer),
              ElementsAre(LocalBuffer("0:MPI_Get@2", "0:MPI_Put@3")));
}
// Row "Buffer Write".
TEST(Table2_1, BufferWrite_BufferWrite_Conflict) {
  EXPECT_THAT(originPair(Origin::GetBuffer, Origin::GetBuffer),
              ElementsAre(LocalBuffer("0:MPI_Get@2", "0:MPI_Get@3")));
  EXPECT_THAT(originPair(Origin::GetBuffer, Origin::GetAccumulateResult),
              ElementsAre(LocalBuffer("0:MPI_Get@2", "0:MPI_Get_accumulate@3")));
}
// Program order: a plain access completed before the RMA call never conflicts with its buffer.
TEST(Table2_1, AccessBeforeTheCallIsOrdered) {
  EXPECT_THAT(originPair(Origin::Store, Origin::GetBuffer), IsEmpty());
  EXPECT_THAT(originPair(Origin::Store, Origin::PutBuffer), IsEmpty());
  EXPECT_THAT(originPair(Origin::Load, Origin::GetBuffer), IsEmpty());
}

// ---- Table 2.2: target memory
// --------------------------------------------------------------------- Rank 1 owns the window; its
// plain accesses are local. Remote accesses come from rank 0 (first) and rank 2 (second), so remote
// pairs are never ordered by program order. `first` happens strictly before `second` in the
// simulated run (a token orders them without synchronising).

enum class Target {
  LocalLoad,
  LocalStore,
  RemoteRead,            // MPI_Get
  RemoteWrite,           // MPI_Put
  AtomicRead,            // MPI_Fetch_and_op(MPI_NO_OP, MPI_INT)
  AtomicWrite,           // MPI_Accumulate(MPI_SUM, MPI_INT)
  AtomicWriteMax,        // MPI_Accumulate(MPI_MAX, MPI_INT)
  AtomicWriteReplace,    // MPI_Accumulate(MPI_REPLACE, MPI_INT)
  AtomicWriteShort,      // MPI_Accumulate(MPI_SUM, MPI_SHORT) on the same first bytes
  AtomicWriteMisaligned, // MPI_Accumulate(MPI_SUM, MPI_INT) at byte 2: elements do not coincide
  AtomicWriteTwoInts,    // MPI_Accumulate(MPI_SUM, 2 x MPI_INT) at byte 0: elements coincide
  LanguageAtomicLoad,    // a C/C++ atomic load by the target
  LanguageAtomicStore,   // a C/C++ atomic store by the target
};

bool isLocal(Target t) {
  return t == Target::LocalLoad || t == Target::LocalStore || t == Target::LanguageAtomicLoad ||
         t == Target::LanguageAtomicStore;
}

void perform(Mpi &m, SegmentId win, Target t, uint32_t line) {
  SimRank &r = m.sim();
  Address buf = r.allocate(8);
  Address result = r.allocate(8);
  auto sumInt = Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4);
  switch (t) {
  case Target::LocalLoad:
    m.load(m.winAddr(win), 4, line);
    break;
  case Target::LocalStore:
    m.store(m.winAddr(win), 4, line);
    break;
  case Target::LanguageAtomicLoad:
    m.atomicAccess(m.winAddr(win), 4, false, line);
    break;
  case Target::LanguageAtomicStore:
    m.atomicAccess(m.winAddr(win), 4, true, line);
    break;
  case Target::RemoteRead:
    m.get(win, 1, 0, buf, 4, line);
    break;
  case Target::RemoteWrite:
    m.put(win, 1, 0, buf, 4, line);
    break;
  case Target::AtomicRead:
    m.fetchOp(win, 1, 0, 0, result, 4, Mpi::atomic(AtomicOp::NoOp, BasicType::Int, 4), line,
              "MPI_Fetch_and_op");
    break;
  case Target::AtomicWrite:
    m.accumulate(win, 1, 0, buf, 4, sumInt, line);
    break;
  case Target::AtomicWriteMax:
    m.accumulate(win, 1, 0, buf, 4, Mpi::atomic(AtomicOp::Max, BasicType::Int, 4), line);
    break;
  case Target::AtomicWriteReplace:
    m.accumulate(win, 1, 0, buf, 4, Mpi::atomic(AtomicOp::Replace, BasicType::Int, 4), line);
    break;
  case Target::AtomicWriteShort:
    m.accumulate(win, 1, 0, buf, 2, Mpi::atomic(AtomicOp::Sum, BasicType::Short, 2), line);
    break;
  case Target::AtomicWriteMisaligned:
    m.accumulate(win, 1, 2, buf, 4, sumInt, line);
    break;
  case Target::AtomicWriteTwoInts:
    m.accumulate(win, 1, 0, buf, 8, sumInt, line);
    break;
  }
}

std::vector<RaceView> targetPair(Target first, Target second) {
  Simulator s(3);
  SegmentId win = s.segment(16, "win");
  const Rank firstRank = isLocal(first) ? 1 : 0;
  const Rank secondRank = isLocal(second) ? 1 : 2;
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.fence(win, 1);
    if (r.rank() == firstRank) {
      perform(m, win, first, 2);
      if (secondRank != firstRank) sendToken(r, secondRank, 1);
    }
    if (r.rank() == secondRank) {
      if (secondRank != firstRank) awaitToken(r, firstRank, 1);
      perform(m, win, second, 3);
    }
    m.fence(win, 4);
  });
  return racesOf(s);
}

// Row "Local Load".
TEST(Table2_2, LocalLoad_RemoteRead_Compatible) {
  EXPECT_THAT(targetPair(Target::LocalLoad, Target::RemoteRead), IsEmpty());
  EXPECT_THAT(targetPair(Target::RemoteRead, Target::LocalLoad), IsEmpty());
}
TEST(Table2_2, LocalLoad_RemoteWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::LocalLoad, Target::RemoteWrite),
              ElementsAre(Remote("1:load@2", "2:MPI_Put@3")));
  EXPECT_THAT(targetPair(Target::RemoteWrite, Target::LocalLoad),
              ElementsAre(Remote("0:MPI_Put@2", "1:load@3")));
}
TEST(Table2_2, LocalLoad_RemoteAtomicRead_Compatible) {
  EXPECT_THAT(targetPair(Target::LocalLoad, Target::AtomicRead), IsEmpty());
  EXPECT_THAT(targetPair(Target::AtomicRead, Target::LocalLoad), IsEmpty());
}
TEST(Table2_2, LocalLoad_RemoteAtomicWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::LocalLoad, Target::AtomicWrite),
              ElementsAre(Remote("1:load@2", "2:MPI_Accumulate@3")));
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::LocalLoad),
              ElementsAre(Remote("0:MPI_Accumulate@2", "1:load@3")));
}
// Row "Local Store".
TEST(Table2_2, LocalStore_RemoteRead_Conflict) {
  EXPECT_THAT(targetPair(Target::LocalStore, Target::RemoteRead),
              ElementsAre(Remote("1:store@2", "2:MPI_Get@3")));
  EXPECT_THAT(targetPair(Target::RemoteRead, Target::LocalStore),
              ElementsAre(Remote("0:MPI_Get@2", "1:store@3")));
}
TEST(Table2_2, LocalStore_RemoteWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::LocalStore, Target::RemoteWrite),
              ElementsAre(Remote("1:store@2", "2:MPI_Put@3")));
  EXPECT_THAT(targetPair(Target::RemoteWrite, Target::LocalStore),
              ElementsAre(Remote("0:MPI_Put@2", "1:store@3")));
}
TEST(Table2_2, LocalStore_RemoteAtomicRead_Conflict) {
  EXPECT_THAT(targetPair(Target::LocalStore, Target::AtomicRead),
              ElementsAre(Remote("1:store@2", "2:MPI_Fetch_and_op@3")));
  EXPECT_THAT(targetPair(Target::AtomicRead, Target::LocalStore),
              ElementsAre(Remote("0:MPI_Fetch_and_op@2", "1:store@3")));
}
TEST(Table2_2, LocalStore_RemoteAtomicWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::LocalStore, Target::AtomicWrite),
              ElementsAre(Remote("1:store@2", "2:MPI_Accumulate@3")));
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::LocalStore),
              ElementsAre(Remote("0:MPI_Accumulate@2", "1:store@3")));
}
// Row "Remote Read".
TEST(Table2_2, RemoteRead_RemoteRead_Compatible) {
  EXPECT_THAT(targetPair(Target::RemoteRead, Target::RemoteRead), IsEmpty());
}
TEST(Table2_2, RemoteRead_RemoteWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::RemoteRead, Target::RemoteWrite),
              ElementsAre(Remote("0:MPI_Get@2", "2:MPI_Put@3")));
}
TEST(Table2_2, RemoteRead_RemoteAtomicRead_Compatible) {
  EXPECT_THAT(targetPair(Target::RemoteRead, Target::AtomicRead), IsEmpty());
}
TEST(Table2_2, RemoteRead_RemoteAtomicWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::RemoteRead, Target::AtomicWrite),
              ElementsAre(Remote("0:MPI_Get@2", "2:MPI_Accumulate@3")));
}
// Row "Remote Write".
TEST(Table2_2, RemoteWrite_RemoteWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::RemoteWrite, Target::RemoteWrite),
              ElementsAre(Remote("0:MPI_Put@2", "2:MPI_Put@3")));
}
TEST(Table2_2, RemoteWrite_RemoteAtomicRead_Conflict) {
  EXPECT_THAT(targetPair(Target::RemoteWrite, Target::AtomicRead),
              ElementsAre(Remote("0:MPI_Put@2", "2:MPI_Fetch_and_op@3")));
}
TEST(Table2_2, RemoteWrite_RemoteAtomicWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::RemoteWrite, Target::AtomicWrite),
              ElementsAre(Remote("0:MPI_Put@2", "2:MPI_Accumulate@3")));
}
// Row "Remote Atomic Read".
TEST(Table2_2, RemoteAtomicRead_RemoteAtomicRead_Compatible) {
  EXPECT_THAT(targetPair(Target::AtomicRead, Target::AtomicRead), IsEmpty());
}
TEST(Table2_2, RemoteAtomicRead_RemoteAtomicWrite_CompatibleWithNoOp) {
  // MPI's default accumulate_ops = same_op_no_op: MPI_NO_OP combines with any operation.
  EXPECT_THAT(targetPair(Target::AtomicRead, Target::AtomicWrite), IsEmpty());
  EXPECT_THAT(targetPair(Target::AtomicWriteMax, Target::AtomicRead), IsEmpty());
}
// Row "Remote Atomic Write" (* when adhering to the atomicity semantics).
TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_CompatibleWithTheSameOpAndType) {
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::AtomicWrite), IsEmpty());
  EXPECT_THAT(targetPair(Target::AtomicWriteReplace, Target::AtomicWriteReplace), IsEmpty());
}
TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_ConflictWithDifferentOps) {
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::AtomicWriteMax),
              ElementsAre(Remote("0:MPI_Accumulate@2", "2:MPI_Accumulate@3")));
  EXPECT_THAT(targetPair(Target::AtomicWriteReplace, Target::AtomicWrite),
              ElementsAre(Remote("0:MPI_Accumulate@2", "2:MPI_Accumulate@3")));
}
TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_ConflictWithDifferentTypes) {
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::AtomicWriteShort),
              ElementsAre(Remote("0:MPI_Accumulate@2", "2:MPI_Accumulate@3")));
}
TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_ConflictWithMisalignedElements) {
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::AtomicWriteMisaligned),
              ElementsAre(Remote("0:MPI_Accumulate@2", "2:MPI_Accumulate@3")));
}
TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_CompatibleWhenElementsCoincide) {
  // A vector of two MPI_INT is atomic per element (2.3.4): its first element coincides.
  EXPECT_THAT(targetPair(Target::AtomicWriteTwoInts, Target::AtomicWrite), IsEmpty());
}
// Accumulates of one origin to the same location are ordered under MPI's default
// accumulate_ordering (MPI-3.1 11.7.2), whatever their operations, per basic datatype.
std::vector<RaceView> sameOriginAccumulates(Atomicity first, uint64_t firstBytes,
                                            Atomicity second, Rank target = 1) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.fence(win, 1);
    if (r.rank() == 0) {
      Address buf = r.allocate(8);
      m.accumulate(win, target, 0, buf, firstBytes, first, 2);
      m.accumulate(win, target, 0, buf, 4, second, 3);
    }
    m.fence(win, 4);
  });
  return racesOf(s);
}
TEST(AccumulateOrdering, SameOriginDifferentOpsAreOrdered) {
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4), 4,
                                    Mpi::atomic(AtomicOp::Replace, BasicType::Int, 4)),
              IsEmpty());
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4), 8,
                                    Mpi::atomic(AtomicOp::CompareAndSwap, BasicType::Int, 4)),
              IsEmpty());
}
// The same rules when the origin is its own target (checked in program order at the origin).
TEST(AccumulateOrdering, SelfTargetedDifferentOpsAreOrdered) {
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4), 4,
                                    Mpi::atomic(AtomicOp::Replace, BasicType::Int, 4), 0),
              IsEmpty());
}
TEST(AccumulateOrdering, SelfTargetedNotOrderedWithAccumulateOrderingNone) {
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4, false), 4,
                                    Mpi::atomic(AtomicOp::Replace, BasicType::Int, 4, false), 0),
              ElementsAre(Remote("0:MPI_Accumulate@2", "0:MPI_Accumulate@3")));
}
TEST(AccumulateOrdering, SelfTargetedNotOrderedAcrossBasicDatatypes) {
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Short, 2), 2,
                                    Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4), 0),
              ElementsAre(Remote("0:MPI_Accumulate@2", "0:MPI_Accumulate@3")));
}
TEST(AccumulateOrdering, NotOrderedWithAccumulateOrderingNone) {
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4, false), 4,
                                    Mpi::atomic(AtomicOp::Replace, BasicType::Int, 4, false)),
              ElementsAre(Remote("0:MPI_Accumulate@2", "0:MPI_Accumulate@3")));
}
TEST(AccumulateOrdering, NotOrderedAcrossBasicDatatypes) {
  EXPECT_THAT(sameOriginAccumulates(Mpi::atomic(AtomicOp::Sum, BasicType::Short, 2), 2,
                                    Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4)),
              ElementsAre(Remote("0:MPI_Accumulate@2", "0:MPI_Accumulate@3")));
}

// C/C++ atomics never combine with RMA atomics (2.3.4).
TEST(Table2_2, LanguageAtomicStore_RemoteAtomicWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::LanguageAtomicStore, Target::AtomicWrite),
              ElementsAre(Remote("1:store@2", "2:MPI_Accumulate@3")));
  EXPECT_THAT(targetPair(Target::AtomicWrite, Target::LanguageAtomicStore),
              ElementsAre(Remote("0:MPI_Accumulate@2", "1:store@3")));
}
TEST(Table2_2, LanguageAtomicLoad_RemoteAtomicWrite_Conflict) {
  EXPECT_THAT(targetPair(Target::LanguageAtomicLoad, Target::AtomicWrite),
              ElementsAre(Remote("1:load@2", "2:MPI_Accumulate@3")));
}
TEST(Table2_2, LanguageAtomicLoad_RemoteAtomicRead_Compatible) {
  EXPECT_THAT(targetPair(Target::LanguageAtomicLoad, Target::AtomicRead), IsEmpty());
}
// The language-atomic flag reaches the report.
TEST(Table2_2, LanguageAtomicAccessIsReportedAsSuch) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.fence(win, 1);
    if (r.rank() == 1) m.atomicAccess(m.winAddr(win), 4, true, 2);
    if (r.rank() == 0) {
      Address buf = r.allocate(4);
      m.accumulate(win, 1, 0, buf, 4, Mpi::atomic(AtomicOp::Sum, BasicType::Int, 4), 3);
    }
    m.fence(win, 4);
  });
  ASSERT_EQ(s.races().size(), 1u);
  const RaceRecord &race = s.races()[0];
  const AccessRecord &local = race.earlier.rank == 1 ? race.earlier : race.later;
  const AccessRecord &remote = race.earlier.rank == 1 ? race.later : race.earlier;
  EXPECT_TRUE(local.languageAtomic);
  EXPECT_EQ(remote.atomicOp, AtomicOp::Sum);
  EXPECT_EQ(remote.atomicType, BasicType::Int);
}

// OpenSHMEM (and GASPI) atomics are compatible whatever their operations, on the same type.
TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_ShmemAnyOperationCompatible) {
  Simulator s(3);
  SegmentId heap = s.segment(8, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    sh.barrier_all(1);
    if (sh.my_pe() == 0) sh.atomic_add(0, BasicType::Int, 4, 1, 2);
    if (sh.my_pe() == 2) sh.atomic_fetch(0, BasicType::Int, 4, 1, 3);
    sh.barrier_all(4);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table2_2, RemoteAtomicWrite_RemoteAtomicWrite_ShmemDifferentTypesConflict) {
  Simulator s(3);
  SegmentId heap = s.segment(8, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    sh.barrier_all(1);
    if (sh.my_pe() == 0) sh.atomic_add(0, BasicType::Int, 4, 1, 2, "shmem_int_atomic_add");
    if (sh.my_pe() == 2) sh.atomic_add(0, BasicType::Float, 4, 1, 3, "shmem_float_atomic_add");
    sh.barrier_all(4);
  });
  EXPECT_THAT(racesOf(s),
              ElementsAre(Remote("0:shmem_int_atomic_add@2", "2:shmem_float_atomic_add@3")));
}

} // namespace
} // namespace rmarace::test
