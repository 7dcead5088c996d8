// Every row of the dissertation's Table 4.2 (completion routines as model completion events),
// each listed routine with what it completes and what it does not (rules R3 to R9 of Fig. 4.2).
//
// Most tests share one shape. The origin (rank 0) issues a remote write of X from `putBuf`
// (line 2) and a remote read of Y into `getBuf` (line 3), calls the completion routine under
// test (line 4), then stores to `putBuf` (line 5: is the buffer read complete?) and loads
// `getBuf` (line 6: is the buffer write complete?). Both ranks then synchronise with a call that
// completes nothing (line 7), after which the target loads X (line 8: is the remote write
// complete?) and stores Y (line 9: is the remote read complete?).
#include "verbs.h"

#include <functional>

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr uint64_t X = 0, Y = 8;

// MPI passive target: the routine runs inside a lock epoch that is closed after line 7 (unless
// the routine closed it itself).
std::vector<RaceView> mpiShape(bool lockAll, const std::function<bool(Mpi &, SegmentId)> &routine) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address putBuf = r.allocate(4), getBuf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      if (lockAll)
        m.lockAll(win, 1);
      else
        m.lock(win, 1, LockType::Shared, 1);
      m.put(win, 1, X, putBuf, 4, 2);
      m.get(win, 1, Y, getBuf, 4, 3);
      bool closed = routine(m, win); // line 4
      m.store(putBuf, 4, 5);
      m.load(getBuf, 4, 6);
      m.barrier(7);
      if (!closed) {
        if (lockAll)
          m.unlockAll(win, 10);
        else
          m.unlock(win, 1, 10);
      }
    } else {
      m.barrier(7);
      m.load(m.winAddr(win, X), 4, 8);
      m.store(m.winAddr(win, Y), 4, 9);
    }
  });
  return racesOf(s);
}

std::vector<RaceView> shmemShape(const std::function<void(Shmem &)> &routine) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address putBuf = r.allocate(4), getBuf = r.allocate(4);
    sh.sync_all(1);
    if (r.rank() == 0) {
      sh.put_nbi(X, putBuf, 4, 1, 2);
      sh.get_nbi(getBuf, Y, 4, 1, 3);
      routine(sh); // line 4
      sh.store(putBuf, 4, 5);
      sh.load(getBuf, 4, 6);
      sh.sync_all(7);
      sh.quiet(10);
    } else {
      sh.sync_all(7);
      sh.load(sh.sym(X), 4, 8);
      sh.store(sh.sym(Y), 4, 9);
    }
  });
  return racesOf(s);
}

std::vector<RaceView> gaspiShape(const std::function<void(Gaspi &)> &routine) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  SegmentId local = s.segment(16, "local");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address putBuf = g.segAddr(local, 0), getBuf = g.segAddr(local, 8);
    g.barrier(1);
    if (r.rank() == 0) {
      g.write(putBuf, 1, seg, X, 4, 0, 2);
      g.read(getBuf, 1, seg, Y, 4, 0, 3);
      routine(g); // line 4
      g.store(putBuf, 4, 5);
      g.load(getBuf, 4, 6);
      g.barrier(7);
    } else {
      g.barrier(7);
      g.load(g.segAddr(seg, X), 4, 8);
      g.store(g.segAddr(seg, Y), 4, 9);
    }
  });
  return racesOf(s);
}

// The shape without any completion: every check races (the baselines of the rows below).
TEST(Table4_2, NoCompletion_MPI_BarrierCompletesNothing) {
  EXPECT_THAT(mpiShape(false, [](Mpi &, SegmentId) { return false; }),
              UnorderedElementsAre(
                  LocalBuffer("0:MPI_Put@2", "0:store@5"), LocalBuffer("0:MPI_Get@3", "0:load@6"),
                  Remote("0:MPI_Put@2", "1:load@8"), Remote("0:MPI_Get@3", "1:store@9")));
}
TEST(Table4_2, NoCompletion_shmem_sync_allCompletesNothing) {
  EXPECT_THAT(shmemShape([](Shmem &) {}),
              UnorderedElementsAre(LocalBuffer("0:shmem_put_nbi@2", "0:store@5"),
                                   LocalBuffer("0:shmem_get_nbi@3", "0:load@6"),
                                   Remote("0:shmem_put_nbi@2", "1:load@8"),
                                   Remote("0:shmem_get_nbi@3", "1:store@9")));
}
TEST(Table4_2, NoCompletion_gaspi_barrierCompletesNothing) {
  EXPECT_THAT(gaspiShape([](Gaspi &) {}),
              UnorderedElementsAre(LocalBuffer("0:gaspi_write@2", "0:store@5"),
                                   LocalBuffer("0:gaspi_read@3", "0:load@6"),
                                   Remote("0:gaspi_write@2", "1:load@8"),
                                   Remote("0:gaspi_read@3", "1:store@9")));
}

// ---- collective flush (cf, R3): buffers and remote accesses of the group's targets -------------

TEST(Table4_2, cf_MPI_Win_fence_CompletesEverything) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address putBuf = r.allocate(4), getBuf = r.allocate(4);
    m.fence(win, 1);
    if (r.rank() == 0) {
      m.put(win, 1, X, putBuf, 4, 2);
      m.get(win, 1, Y, getBuf, 4, 3);
    }
    m.fence(win, 4);
    if (r.rank() == 0) {
      m.store(putBuf, 4, 5);
      m.load(getBuf, 4, 6);
    } else {
      m.load(m.winAddr(win, X), 4, 8);
      m.store(m.winAddr(win, Y), 4, 9);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table4_2, cf_shmem_barrier_all_CompletesEverything) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address putBuf = r.allocate(4), getBuf = r.allocate(4);
    sh.barrier_all(1);
    if (r.rank() == 0) {
      sh.put_nbi(X, putBuf, 4, 1, 2);
      sh.get_nbi(getBuf, Y, 4, 1, 3);
    }
    sh.barrier_all(4);
    if (r.rank() == 0) {
      sh.store(putBuf, 4, 5);
      sh.load(getBuf, 4, 6);
    } else {
      sh.load(sh.sym(X), 4, 8);
      sh.store(sh.sym(Y), 4, 9);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- local flush (lf, R4): buffers and remote reads, not remote writes --------------------------

TEST(Table4_2, lf_MPI_Win_flush_local_CompletesBuffersAndRemoteReadNotRemoteWrite) {
  EXPECT_THAT(mpiShape(false,
                       [](Mpi &m, SegmentId w) {
                         m.flushLocal(w, 1, 4);
                         return false;
                       }),
              ElementsAre(Remote("0:MPI_Put@2", "1:load@8")));
}
TEST(Table4_2, lf_MPI_Win_flush_local_all_CompletesBuffersAndRemoteReadNotRemoteWrite) {
  EXPECT_THAT(mpiShape(true,
                       [](Mpi &m, SegmentId w) {
                         m.flushLocal(w, std::nullopt, 4);
                         return false;
                       }),
              ElementsAre(Remote("0:MPI_Put@2", "1:load@8")));
}
// A flush of another target completes nothing of this one.
TEST(Table4_2, lf_MPI_Win_flush_local_OfAnotherTargetCompletesNothing) {
  EXPECT_THAT(mpiShape(true,
                       [](Mpi &m, SegmentId w) {
                         m.flushLocal(w, 0, 4);
                         return false;
                       }),
              UnorderedElementsAre(
                  LocalBuffer("0:MPI_Put@2", "0:store@5"), LocalBuffer("0:MPI_Get@3", "0:load@6"),
                  Remote("0:MPI_Put@2", "1:load@8"), Remote("0:MPI_Get@3", "1:store@9")));
}
TEST(Table4_2, lf_MPI_Win_complete_CompletesTheBuffers) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address putBuf = r.allocate(4), getBuf = r.allocate(4);
    if (r.rank() == 0) {
      m.start(win, {1}, 1);
      m.put(win, 1, X, putBuf, 4, 2);
      m.get(win, 1, Y, getBuf, 4, 3);
      m.complete(win, 4);
      m.store(putBuf, 4, 5);
      m.load(getBuf, 4, 6);
    } else {
      m.post(win, {0}, 1);
      m.waitEpoch(win, 7);
      m.load(m.winAddr(win, X), 4, 8);
      m.store(m.winAddr(win, Y), 4, 9);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}
TEST(Table4_2, lf_gaspi_wait_CompletesBuffersAndReadNotWrite) {
  EXPECT_THAT(gaspiShape([](Gaspi &g) { g.wait(0, 4); }),
              ElementsAre(Remote("0:gaspi_write@2", "1:load@8")));
}
// gaspi_wait completes the given queue only.
TEST(Table4_2, lf_gaspi_wait_OfAnotherQueueCompletesNothing) {
  EXPECT_THAT(gaspiShape([](Gaspi &g) { g.wait(1, 4); }),
              UnorderedElementsAre(LocalBuffer("0:gaspi_write@2", "0:store@5"),
                                   LocalBuffer("0:gaspi_read@3", "0:load@6"),
                                   Remote("0:gaspi_write@2", "1:load@8"),
                                   Remote("0:gaspi_read@3", "1:store@9")));
}

// ---- local flush + remote flush (lf, rf, R4 and R5): everything ---------------------------------

TEST(Table4_2, lf_rf_MPI_Win_flush_CompletesEverything) {
  EXPECT_THAT(mpiShape(false,
                       [](Mpi &m, SegmentId w) {
                         m.flush(w, 1, 4);
                         return false;
                       }),
              IsEmpty());
}
TEST(Table4_2, lf_rf_MPI_Win_flush_all_CompletesEverything) {
  EXPECT_THAT(mpiShape(true,
                       [](Mpi &m, SegmentId w) {
                         m.flush(w, std::nullopt, 4);
                         return false;
                       }),
              IsEmpty());
}
TEST(Table4_2, lf_rf_MPI_Win_unlock_CompletesEverything) {
  EXPECT_THAT(mpiShape(false,
                       [](Mpi &m, SegmentId w) {
                         m.unlock(w, 1, 4);
                         return true;
                       }),
              IsEmpty());
}
TEST(Table4_2, lf_rf_MPI_Win_unlock_all_CompletesEverything) {
  EXPECT_THAT(mpiShape(true,
                       [](Mpi &m, SegmentId w) {
                         m.unlockAll(w, 4);
                         return true;
                       }),
              IsEmpty());
}
TEST(Table4_2, lf_rf_shmem_quiet_CompletesEverything) {
  EXPECT_THAT(shmemShape([](Shmem &sh) { sh.quiet(4); }), IsEmpty());
}
// shmem_fence completes nothing (it only orders writes).
TEST(Table4_2, fnc_shmem_fence_CompletesNothing) {
  EXPECT_THAT(shmemShape([](Shmem &sh) { sh.fence(4); }),
              UnorderedElementsAre(LocalBuffer("0:shmem_put_nbi@2", "0:store@5"),
                                   LocalBuffer("0:shmem_get_nbi@3", "0:load@6"),
                                   Remote("0:shmem_put_nbi@2", "1:load@8"),
                                   Remote("0:shmem_get_nbi@3", "1:store@9")));
}

// ---- target notify / target wait (tn, tw, R7 and R8) ------------------------------------------

// SHMEM atomic write as tn: completes the writes fence-ordered before it (and itself), not a
// write issued after the fence.
TEST(Table4_2, tn_tw_shmem_atomic_set_And_shmem_wait_until_CompleteFenceOrderedWrites) {
  Simulator s(2);
  SegmentId heap = s.segment(24, "heap");
  const uint64_t Z = 8, flag = 16;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.sync_all(1);
    if (r.rank() == 0) {
      sh.put(X, buf, 4, 1, 2);
      sh.fence(3);
      sh.put(Z, buf, 4, 1, 4); // after the fence: not ordered before the notify
      sh.atomic_set(flag, BasicType::Int, 4, 1, 5);
      sh.sync_all(7);
      sh.quiet(10);
    } else {
      sh.wait_until(flag, 6, {0});
      sh.load(sh.sym(X), 4, 8);
      sh.load(sh.sym(Z), 4, 9);
      sh.load(sh.sym(flag), 4, 10); // the set itself is complete at the wait
      sh.sync_all(7);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put@4", "1:load@9")));
}

// shmem_put_signal: the notify completes its own put only (R8), not an earlier unfenced one.
TEST(Table4_2, tn_tw_shmem_put_signal_CompletesOnlyItsOwnPut) {
  Simulator s(2);
  SegmentId heap = s.segment(24, "heap");
  const uint64_t Z = 8, sig = 16;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.sync_all(1);
    if (r.rank() == 0) {
      sh.put_nbi(Z, buf, 4, 1, 2);
      sh.put_signal(X, buf, 4, sig, 1, 1, 3);
      sh.sync_all(7);
      sh.quiet(10);
    } else {
      sh.wait_until(sig, 4, {0});
      sh.load(sh.sym(X), 4, 5);
      sh.load(sh.sym(Z), 4, 6);
      sh.sync_all(7);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put_nbi@2", "1:load@6")));
}

TEST(Table4_2, tn_tw_shmem_put_signal_And_shmem_signal_wait_until) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t sig = 8;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.sync_all(1);
    if (r.rank() == 0) {
      sh.put_signal(X, buf, 4, sig, 1, 1, 3, /*nbi=*/true);
      sh.sync_all(7);
      sh.quiet(10);
    } else {
      sh.load(sh.sym(X), 4, 2); // before the wait: races
      sh.signal_wait_until(sig, 4, {0});
      sh.load(sh.sym(X), 4, 5);
      sh.sync_all(7);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:load@2", "0:shmem_put_signal_nbi@3")));
}

// gaspi_notify: completes the earlier writes of its queue to that rank (implicit fence), not
// those of another queue.
TEST(Table4_2, tn_tw_fnc_gaspi_notify_CompletesEarlierWritesOfItsQueue) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  const uint64_t Z = 8;
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(4);
    g.barrier(1);
    if (r.rank() == 0) {
      g.write(buf, 1, seg, X, 4, /*queue=*/0, 2);
      g.write(buf, 1, seg, Z, 4, /*queue=*/1, 3);
      g.notify(seg, 1, /*id=*/3, 1, /*queue=*/0, 4);
    } else {
      g.notify_waitsome(seg, 3, 5, {0});
      g.load(g.segAddr(seg, X), 4, 6);
      g.load(g.segAddr(seg, Z), 4, 7);
    }
    g.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@3", "1:load@7")));
}

// gaspi_write_notify: completes its own write only, not an earlier one of the same queue.
TEST(Table4_2, tn_tw_gaspi_write_notify_CompletesOnlyItsOwnWrite) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  const uint64_t Z = 8;
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(4);
    g.barrier(1);
    if (r.rank() == 0) {
      g.write(buf, 1, seg, Z, 4, 0, 2);
      g.write_notify(buf, 1, seg, X, 4, /*id=*/3, 1, 0, 3);
    } else {
      g.notify_waitsome(seg, 3, 4, {0});
      g.load(g.segAddr(seg, X), 4, 5);
      g.load(g.segAddr(seg, Z), 4, 6);
    }
    g.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@2", "1:load@6")));
}

// A notification on another id is not observed by the wait.
TEST(Table4_2, tn_tw_gaspi_notify_waitsome_ObservesOnlyItsNotification) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(4);
    g.barrier(1);
    if (r.rank() == 0) {
      g.write(buf, 1, seg, X, 4, 0, 2);
      g.notify(seg, 1, /*id=*/4, 1, 0, 3);
      g.notify(seg, 1, /*id=*/3, 1, 1, 4); // another queue: does not order the write
    } else {
      g.notify_waitsome(seg, 3, 5, {0});
      g.load(g.segAddr(seg, X), 4, 6);
    }
    g.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@2", "1:load@6")));
}

TEST(Table4_2, tn_tw_MPI_Win_complete_And_MPI_Win_wait) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 0) {
      m.start(win, {1}, 1);
      m.put(win, 1, X, buf, 4, 2);
      m.complete(win, 3);
    } else {
      m.post(win, {0}, 1);
      m.load(m.winAddr(win, X), 4, 4); // inside the exposure epoch: races
      m.waitEpoch(win, 5);
      m.load(m.winAddr(win, X), 4, 6);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:load@4", "0:MPI_Put@2")));
}

// A target wait completes a fence-ordered write even when the completion notice of a later
// flush at the origin reached the target first (it ends the region no later than the wait).
TEST(Table4_2, tw_CompletesAWriteWhoseLaterFlushNoticeArrivedFirst) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t flag = 8;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.sync_all(1);
    if (r.rank() == 0) {
      sh.put(X, buf, 4, 1, 2);
      sh.fence(3);
      sh.atomic_set(flag, BasicType::Int, 4, 1, 4);
      sh.quiet(5); // its notice travels before the target passes its wait
    } else {
      sh.wait_until(flag, 6, {0});
      sh.load(sh.sym(X), 4, 7);
    }
    sh.sync_all(8);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- fence (fnc, R6)
// ------------------------------------------------------------------------------

TEST(Table4_2, fnc_shmem_fence_OrdersWritesToTheSameTarget) {
  Simulator s(2);
  SegmentId heap = s.segment(8, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.sync_all(1);
    if (r.rank() == 0) {
      sh.put_nbi(X, buf, 4, 1, 2);
      sh.fence(3);
      sh.put_nbi(X, buf, 4, 1, 4);
      sh.quiet(5);
    }
    sh.sync_all(6);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table4_2, fnc_gaspi_notify_OrdersTheWritesAroundIt) {
  Simulator s(2);
  SegmentId seg = s.segment(8, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(4);
    g.barrier(1);
    if (r.rank() == 0) {
      g.write(buf, 1, seg, X, 4, 0, 2);
      g.notify(seg, 1, 0, 1, 0, 3);
      g.write(buf, 1, seg, X, 4, 0, 4);
      g.wait(0, 5);
    }
    g.barrier(6);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table4_2, fnc_gaspi_WritesWithoutNotifyBetweenThemRace) {
  Simulator s(2);
  SegmentId seg = s.segment(8, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(4);
    g.barrier(1);
    if (r.rank() == 0) {
      g.write(buf, 1, seg, X, 4, 0, 2);
      g.write(buf, 1, seg, X, 4, 0, 4);
      g.wait(0, 5);
    }
    g.barrier(6);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@2", "0:gaspi_write@4")));
}

// MPI_Win_complete is a fence too: writes of consecutive access epochs are ordered.
TEST(Table4_2, fnc_MPI_Win_complete_OrdersWritesOfConsecutiveEpochs) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 0) {
      for (uint32_t line : {1u, 5u}) {
        m.start(win, {1}, line);
        m.put(win, 1, X, buf, 4, line + 1);
        m.complete(win, line + 2);
      }
    } else {
      for (uint32_t line : {1u, 5u}) {
        m.post(win, {0}, line);
        m.waitEpoch(win, line + 3);
      }
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- local complete (lc, R9): the request's buffer and remote read only
// ---------------------------

TEST(Table4_2, lc_MPI_Rget_And_MPI_Wait_CompleteBufferAndRemoteRead) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address getBuf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 1);
      m.get(win, 1, Y, getBuf, 4, 2, "MPI_Rget", /*request=*/1);
      m.waitRequest(1, 3);
      m.load(getBuf, 4, 4);
      m.barrier(5);
      m.unlockAll(win, 8);
    } else {
      m.barrier(5);
      m.store(m.winAddr(win, Y), 4, 6);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table4_2, lc_MPI_Rput_And_MPI_Wait_CompleteTheBufferNotTheRemoteWrite) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address putBuf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 1);
      m.put(win, 1, X, putBuf, 4, 2, "MPI_Rput", /*request=*/2);
      m.waitRequest(2, 3);
      m.store(putBuf, 4, 4);
      m.barrier(5);
      m.unlockAll(win, 8);
    } else {
      m.barrier(5);
      m.load(m.winAddr(win, X), 4, 6);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Rput@2", "1:load@6")));
}

TEST(Table4_2, lc_MPI_Wait_CompletesOnlyItsOwnRequest) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf1 = r.allocate(4), buf2 = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 1);
      m.get(win, 1, X, buf1, 4, 2, "MPI_Rget", 1);
      m.get(win, 1, Y, buf2, 4, 3, "MPI_Rget", 2);
      m.waitRequest(1, 4);
      m.load(buf1, 4, 5);
      m.load(buf2, 4, 6);
      m.unlockAll(win, 7);
    }
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Rget@3", "0:load@6")));
}

TEST(Table4_2, lc_gaspi_read_notify_And_gaspi_notify_waitsome) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  SegmentId local = s.segment(16, "local");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address getBuf = g.segAddr(local, 0);
    g.barrier(1);
    if (r.rank() == 0) {
      g.read_notify(getBuf, local, 1, seg, Y, 4, /*id=*/5, 0, 2);
      g.notify_waitsome(local, 5, 3, {});
      g.load(getBuf, 4, 4);
    }
    g.barrier(5);
    if (r.rank() == 1) g.store(g.segAddr(seg, Y), 4, 6);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table4_2, lc_gaspi_read_notify_WithoutWaitsomeRaces) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  SegmentId local = s.segment(16, "local");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address getBuf = g.segAddr(local, 0);
    g.barrier(1);
    if (r.rank() == 0) {
      g.read_notify(getBuf, local, 1, seg, Y, 4, 5, 0, 2);
      g.load(getBuf, 4, 4);
    }
    g.barrier(5);
    if (r.rank() == 1) g.store(g.segAddr(seg, Y), 4, 6);
    if (r.rank() == 0) g.notify_waitsome(local, 5, 7, {});
  });
  EXPECT_THAT(racesOf(s), UnorderedElementsAre(LocalBuffer("0:gaspi_read_notify@2", "0:load@4"),
                                               Remote("0:gaspi_read_notify@2", "1:store@6")));
}

} // namespace
} // namespace rmarace::test
