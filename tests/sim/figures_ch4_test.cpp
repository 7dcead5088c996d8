// Scenario tests of the dissertation's chapter 4 concurrent-region examples (Figs. 4.3 to 4.8)
// not covered by mpi_figures_test.cpp (which has Figs. 4.5 and 4.8): the local concurrent regions
// of Fig. 4.3, the clock projection of Fig. 4.4 (Thms. 4.1 and 4.2), the notify-wait region of
// Fig. 4.6 and the fence order of Fig. 4.7.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using Clock = std::vector<Epoch>;

// ---- Fig. 4.3a: LCR(d) = (d, f) of a get's buffer write, ended by the unlock's local flush ----

TEST(Fig4_3a, GetBufferRegionEndsAtUnlockAndOverlapsThePrint) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(sizeof(int));
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 1); // MPI_Win_lock(P1)
      m.get(win, 1, 0, buf, sizeof(int), 2);  // c = rrd, d = lwr
      m.load(buf, sizeof(int), 3);            // e = ld: print(buf)
      m.unlock(win, 1, 4);                    // f = lf (and rf)
      m.load(buf, sizeof(int), 5);            // after f: ordered
    }
    m.barrier(6);
  });
  ASSERT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Get@2", "0:load@3")));
  const RaceRecord &race = s.races()[0];
  ASSERT_TRUE(race.region.has_value());
  EXPECT_EQ(race.region->begin.call, "MPI_Get");
  EXPECT_TRUE(race.region->ended);
  EXPECT_EQ(race.region->end.call, "MPI_Win_unlock");
  EXPECT_EQ(race.region->end.line, 4u);
}

// A put after the first fence of a window is ordered after the target's fence (MPI-3.1 11.5.1):
// its region at the target starts at that fence, not at an earlier event.
TEST(RemoteRegion, PutAfterFirstFenceStartsAtTheTargetsFence) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(sizeof(int));
    m.barrier(9);
    m.fence(win, 10);
    if (m.rank() == 0) m.put(win, 1, 0, buf, sizeof(int), 12);
    m.barrier(13);
    if (m.rank() == 1) m.load(m.winAddr(win), sizeof(int), 14);
    m.fence(win, 15);
  });
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@12", "1:load@14")));
  const RaceRecord &race = s.races()[0];
  ASSERT_TRUE(race.region.has_value());
  EXPECT_EQ(race.region->begin.call, "MPI_Win_fence");
  EXPECT_EQ(race.region->begin.line, 10u);
  EXPECT_EQ(race.region->end.line, 15u);
}

TEST(RemoteRegion, StoreBetweenFirstFenceAndBarrierRacesWithPut) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(sizeof(int));
    m.barrier(9);
    m.fence(win, 10);
    if (m.rank() == 1) m.store(m.winAddr(win), sizeof(int), 11);
    if (m.rank() == 0) m.put(win, 1, 0, buf, sizeof(int), 12);
    m.barrier(13);
    m.fence(win, 15);
  });
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("1:store@11", "0:MPI_Put@12")));
}

// ---- Fig. 4.3b: overlapping LCRs of shmem_get_nbi's buffer write and shmem_put_nbi's read ----

TEST(Fig4_3b, GetNbiAndPutNbiOnTheSameBufferRaceUntilQuiet) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t X = 0, Y = 8; // different remote objects: only the buffers conflict
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(sizeof(int));
    sh.barrier_all(1);
    if (sh.my_pe() == 0) {
      sh.get_nbi(buf, X, sizeof(int), 1, 2); // c = lwr
      sh.put_nbi(Y, buf, sizeof(int), 1, 3); // d = lrd
      sh.quiet(4);                           // f = lf
      sh.put_nbi(Y, buf, sizeof(int), 1, 5); // after f: no buffer conflict
      sh.quiet(6);
    }
    sh.barrier_all(7);
  });
  ASSERT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:shmem_get_nbi@2", "0:shmem_put_nbi@3")));
  ASSERT_TRUE(s.races()[0].region.has_value());
  EXPECT_EQ(s.races()[0].region->end.call, "shmem_quiet");
}

// ---- Fig. 4.4: RCR(d, f) = (LS(d), NW(f)) of Fig. 2.8a, computed from vector clocks ----------

TEST(Fig4_4, RemoteRegionIsLastSignalToNextWait) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  Clock vd, vu, vw, vBeforeW;
  Epoch unlockEpoch = 0;
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(sizeof(int));
    m.barrier(9); // u at P1
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 12);
      m.store(buf, sizeof(int), 11);
      m.put(win, 1, 0, buf, sizeof(int), 13); // d = rwr
      vd = clockOf(r);
      unlockEpoch = r.process().epoch();
      m.unlock(win, 1, 14); // f = rf
    } else {
      vu = clockOf(r);
      m.load(m.winAddr(win), sizeof(int), 17); // v = ld(X)
      vBeforeW = clockOf(r);
    }
    m.barrier(19); // w at P1
    if (m.rank() == 1) vw = clockOf(r);
  });
  // Thm. 4.1: the last signal of P1 before d is the event u with V(u)[1] = V(d)[1].
  EXPECT_EQ(vd[1], vu[1]);
  // Thm. 4.2: the next wait of P1 after f is the first event of P1 whose entry for P0 reaches
  // the completion point (one past P0's epoch at the unlock): not before w, but w.
  const Epoch completion = unlockEpoch + 1;
  EXPECT_LT(vBeforeW[0], completion);
  EXPECT_GE(vw[0], completion);
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("1:load@17", "0:MPI_Put@13")));
  EXPECT_EQ(s.races()[0].region->begin.line, 9u);
  EXPECT_EQ(s.races()[0].region->end.line, 19u);
}

// ---- Fig. 4.6: the remote region of Fig. 2.10a ends at the target wait ------------------------

TEST(Fig4_6, NotifyWaitRegionEndsAtTheWaitUntil) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t X = 0, flag = 8;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(sizeof(int));
    sh.collective(1, "shmem_sync"); // u at P1
    if (sh.my_pe() == 0) {
      sh.store(buf, sizeof(int), 3);
      sh.put(X, buf, sizeof(int), 1, 4);                      // c = lrd, d = rwr
      sh.fence(5);                                            // e = fnc
      sh.atomic_set(flag, BasicType::Int, sizeof(int), 1, 6); // f = tn
    } else {
      sh.load(sh.sym(X), sizeof(int), 5);    // v = ld(X)
      sh.wait_until(flag, 6, /*after=*/{0}); // w = tw
    }
    sh.collective(8, "shmem_sync");
  });
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put@4", "1:load@5")));
  const RaceRecord &race = s.races()[0];
  ASSERT_TRUE(race.region.has_value());
  EXPECT_EQ(race.region->begin.call, "shmem_sync");
  EXPECT_EQ(race.region->begin.line, 1u);
  EXPECT_TRUE(race.region->ended);
  EXPECT_EQ(race.region->end.call, "shmem_wait_until");
  EXPECT_EQ(race.region->end.line, 6u);
}

// ---- Fig. 4.7: identical remote regions, fence-ordered writes -----------------------------------

TEST(Fig4_7, FenceOrderedPutsWithIdenticalRegionsAreRaceFree) {
  Simulator s(2);
  SegmentId heap = s.segment(sizeof(int), "heap");
  const uint64_t X = 0;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf1 = r.allocate(sizeof(int));
    Address buf2 = r.allocate(sizeof(int));
    sh.collective(1, "shmem_sync"); // u
    if (sh.my_pe() == 0) {
      sh.put(X, buf1, sizeof(int), 1, 2); // b = rwr
      sh.fence(3);                        // c = fnc
      sh.put(X, buf2, sizeof(int), 1, 4); // d = rwr
      sh.quiet(5);                        // e = rf
    }
    sh.collective(6, "shmem_sync"); // v
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Fig4_7, WithoutTheFenceTheSameRegionsRace) {
  Simulator s(2);
  SegmentId heap = s.segment(sizeof(int), "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf1 = r.allocate(sizeof(int));
    Address buf2 = r.allocate(sizeof(int));
    sh.collective(1, "shmem_sync");
    if (sh.my_pe() == 0) {
      sh.put(0, buf1, sizeof(int), 1, 2);
      sh.put(0, buf2, sizeof(int), 1, 4);
      sh.quiet(5);
    }
    sh.collective(6, "shmem_sync");
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put@2", "0:shmem_put@4")));
}

// The fence orders writes only: a get after the fence still races with the put before it.
TEST(Fig4_7, FenceDoesNotOrderAReadAfterIt) {
  Simulator s(2);
  SegmentId heap = s.segment(sizeof(int), "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf1 = r.allocate(sizeof(int));
    Address buf2 = r.allocate(sizeof(int));
    sh.collective(1, "shmem_sync");
    if (sh.my_pe() == 0) {
      sh.put_nbi(0, buf1, sizeof(int), 1, 2);
      sh.fence(3);
      sh.get_nbi(buf2, 0, sizeof(int), 1, 4);
      sh.quiet(5);
    }
    sh.collective(6, "shmem_sync");
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put_nbi@2", "0:shmem_get_nbi@4")));
}

// ---- Fig. 4.8 (extension): external synchronisation through a sub-group the target is not in --

TEST(Fig4_8, OriginsSynchronisedByASubgroupBarrierAreRaceFree) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    const GroupView origins{{0, 2}, 1};
    Address buf = r.allocate(sizeof(int));
    m.barrier(1);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Shared, 2);
      m.put(win, 1, 0, buf, sizeof(int), 3); // c
      m.unlock(win, 1, 4);                   // d
    }
    if (m.rank() != 1) m.barrier(origins, 5); // d ->hb w, P1 unaware
    if (m.rank() == 2) {
      m.lock(win, 1, LockType::Shared, 7);
      m.put(win, 1, 0, buf, sizeof(int), 8); // w
      m.unlock(win, 1, 9);                   // x
    }
    m.barrier(10);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

} // namespace
} // namespace rmarace::test
