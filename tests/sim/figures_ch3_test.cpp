// Scenario tests of the dissertation's chapter 3 clock examples (Figs. 3.5 to 3.9): the vector
// clocks each step leaves behind, recorded from the ranks' processes, and where meaningful the
// race consequence. Clocks advance once per synchronisation event (one step per collective,
// 3.3.2), so the values are smaller than the figures' per-event counts but order the same way.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using Clock = std::vector<Epoch>;

// ---- Fig. 3.5: all-to-all exchange with a sub-group -------------------------------------------
// The second all-to-all runs on G = {P0, P1, P2}; P0 synchronised with P3 before it. P3's entry
// must still travel with the exchange (the underlined values), or P1 and P2 would miss their
// transitive synchronisation with P3.

TEST(Fig3_5, SubgroupAllToAllCarriesTheEntriesOfNonMembers) {
  Simulator s(4);
  std::vector<Clock> afterFirst(4), afterSecond(4);
  s.run([&](SimRank &r) {
    Mpi m(r);
    const GroupView g{{0, 1, 2}, /*channel=*/1};
    m.barrier(1); // all-to-all on the world
    afterFirst[r.rank()] = clockOf(r);
    if (r.rank() == 3) m.send(0, 0, 2);
    if (r.rank() == 0) m.recv(3, 0, 2);
    if (r.rank() != 3) {
      m.barrier(g, 3); // all-to-all on G
      afterSecond[r.rank()] = clockOf(r);
    }
  });
  // First exchange: everyone contributes one step and ends with the same clock.
  for (Rank r = 0; r < 4; ++r) EXPECT_EQ(afterFirst[r], (Clock{1, 1, 1, 1})) << "rank " << r;
  // Second exchange: every member knows P0's step (its receive) and P3's entry 2 that only P0
  // knew. Nobody made an event since the first exchange, so no member starts an epoch at the
  // contribution; P1 and P2 start one at the wait, as they learn something (Process::contribute).
  for (Rank r = 0; r < 3; ++r) {
    EXPECT_EQ(afterSecond[r][0], 2u) << "rank " << r;
    EXPECT_EQ(afterSecond[r][3], 2u) << "rank " << r;
  }
  EXPECT_EQ(afterSecond[0], (Clock{2, 1, 1, 2}));
  EXPECT_EQ(afterSecond[1], (Clock{2, 2, 1, 2}));
  EXPECT_EQ(afterSecond[2], (Clock{2, 1, 2, 2}));
}

// The consequence: P3's put, completed before its message to P0, is ordered before P2's load
// after the sub-group exchange although P2 never synchronised with P3 directly. The put's
// metadata is held back until P2 needs it (the delivery guarantee through a sub-group).
TEST(Fig3_5, TransitiveSynchronisationThroughTheSubgroupOrdersAPut) {
  Simulator s(4, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    const GroupView g{{0, 1, 2}, 1};
    Address buf = r.allocate(sizeof(int));
    m.barrier(1);
    if (r.rank() == 3) {
      m.lock(win, 2, LockType::Shared, 2);
      m.put(win, 2, 0, buf, sizeof(int), 2);
      m.unlock(win, 2, 2);
      m.send(0, 0, 2);
    }
    if (r.rank() == 0) m.recv(3, 0, 2);
    if (r.rank() != 3) m.barrier(g, 3);
    if (r.rank() == 2) m.load(m.winAddr(win), sizeof(int), 4);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- Fig. 3.6: all-to-one with root P2 ---------------------------------------------------------
// P0 contributes to the all-to-one, then synchronises with P1 before P1 contributes. The root
// must receive full vectors: P1's vector carries P0's later entry (underlined) to P2.

TEST(Fig3_6, AllToOneRootReceivesFullVectors) {
  Simulator s(3);
  std::vector<Clock> after(3);
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) {
      m.reduce(2, 1);  // signal to the root: [1,0,0]
      m.send(1, 0, 2); // [2,0,0]
    }
    if (r.rank() == 1) {
      m.recv(0, 0, 2); // [2,1,0]
      m.reduce(2, 3);  // [2,2,0]
    }
    if (r.rank() == 2) m.reduce(2, 3); // the root waits for all
    after[r.rank()] = clockOf(r);
  });
  EXPECT_EQ(after[0], (Clock{2, 0, 0}));
  EXPECT_EQ(after[1], (Clock{2, 2, 0}));
  // With only the contributors' own entries (all-gather), the root would see [1,2,1].
  EXPECT_EQ(after[2], (Clock{2, 2, 1}));
}

// ---- Fig. 3.7: resource-bound synchronisation between P0 and P2 ------------------------------

TEST(Fig3_7, ResourceSignalAndWaitSynchronise) {
  Simulator s(3);
  const ResourceId R = 42;
  const Rank deposition = 1;
  std::vector<Clock> after(3);
  s.run([&](SimRank &r) {
    if (r.rank() == 0) {
      r.tracker().resourceSignal(R, deposition, r.site(1, "signal(R)")); // V_R := max(V_R, V_0)
      sendToken(r, 2, 1);
    }
    if (r.rank() == 2) {
      awaitToken(r, 0, 1);
      r.tracker().resourceWait(R, deposition, r.site(2, "wait(R)")); // V_2 := max(V_2, V_R)
    }
    after[r.rank()] = clockOf(r);
  });
  EXPECT_EQ(after[0], (Clock{1, 0, 0}));
  EXPECT_EQ(after[1], (Clock{0, 0, 0})); // the deposition process itself does not synchronise
  EXPECT_EQ(after[2], (Clock{1, 0, 1}));
}

TEST(Fig3_7, WaitBeforeAnySignalFindsTheZeroVector) {
  Simulator s(3);
  std::vector<Clock> after(3);
  s.run([&](SimRank &r) {
    if (r.rank() == 2) {
      r.tracker().resourceWait(42, 1, r.site(2, "wait(R)"));
      after[2] = clockOf(r);
      sendToken(r, 0, 1);
    }
    if (r.rank() == 0) {
      awaitToken(r, 2, 1);
      r.tracker().resourceSignal(42, 1, r.site(1, "signal(R)"));
    }
  });
  EXPECT_EQ(after[2], (Clock{0, 0, 1}));
}

// ---- Fig. 3.8a: MPI_Irecv + MPI_Wait ------------------------------------------------------------

TEST(Fig3_8a, WaitMergesTheSendersClockIrecvDoesNot) {
  Simulator s(2);
  Clock atIrecv, atWait, atSend;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (m.rank() == 0) {
      m.send(1, 0, 3); // MPI_Send(&sendbuf, 1, MPI_INT, 1, 0, ...)
      atSend = clockOf(r);
    } else if (m.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 7); // MPI_Irecv(&recvbuf, ..., &req)
      atIrecv = clockOf(r);
      m.wait(req, 12); // MPI_Wait(&req, MPI_STATUS_IGNORE)
      atWait = clockOf(r);
    }
  });
  EXPECT_EQ(atSend, (Clock{1, 0}));
  EXPECT_EQ(atIrecv, (Clock{0, 0})); // no event at initiation (rule 2 of 3.3.1)
  EXPECT_EQ(atWait, (Clock{1, 1}));
}

// Race consequence: a put completed before the send is ordered before what follows MPI_Wait,
// but not before what happens between MPI_Irecv and MPI_Wait.
TEST(Fig3_8a, AccessBetweenIrecvAndWaitIsConcurrentWithTheSend) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      m.lock(win, 1, LockType::Exclusive, 2);
      m.put(win, 1, 0, buf, sizeof(int), 2);
      m.unlock(win, 1, 2);
      m.send(1, 0, 3);
    } else if (m.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 7);
      m.load(m.winAddr(win), sizeof(int), 9); // between MPI_Irecv and MPI_Wait
      m.wait(req, 12);
      m.load(m.winAddr(win), sizeof(int), 15); // completed, do something
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@2", "1:load@9")));
}

// ---- Fig. 3.8b: MPI_Test once -------------------------------------------------------------------

TEST(Fig3_8b, TestWithFalseFlagDoesNotSynchronise) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  Clock atTest;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      m.lock(win, 1, LockType::Exclusive, 2);
      m.put(win, 1, 0, buf, sizeof(int), 2);
      m.unlock(win, 1, 2);
      m.send(1, 0, 3);
    } else if (m.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 7);
      bool flag = m.test(req, /*flag=*/false, 12); // MPI_Test(&req, &flag, ...)
      atTest = clockOf(r);
      if (!flag) m.load(m.winAddr(win), sizeof(int), 16); // not completed: still concurrent
      m.wait(req, 18);
    }
  });
  EXPECT_EQ(atTest, (Clock{0, 0}));
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@2", "1:load@16")));
}

TEST(Fig3_8b, TestWithTrueFlagSynchronises) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  Clock atTest;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      m.lock(win, 1, LockType::Exclusive, 2);
      m.put(win, 1, 0, buf, sizeof(int), 2);
      m.unlock(win, 1, 2);
      m.send(1, 0, 3);
    } else if (m.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 7);
      bool flag = m.test(req, /*flag=*/true, 12);
      atTest = clockOf(r);
      if (flag) m.load(m.winAddr(win), sizeof(int), 15); // completed, do something
    }
  });
  EXPECT_EQ(atTest, (Clock{2, 1}));
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- Fig. 3.9a: shmem_wait_until whose condition already holds --------------------------------
// Whether the atomic set happens before the wait depends on the run: the model records the
// synchronisation of the observed run only.

TEST(Fig3_9a, SetBeforeTheWaitSynchronises) {
  Simulator s(2);
  SegmentId heap = s.segment(sizeof(int), "heap");
  const uint64_t flag = 0; // 2 static int flag = 1;
  Clock atWait;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    if (sh.my_pe() == 0) {
      sh.atomic_set(flag, BasicType::Int, sizeof(int), 1, 5, 1, "shmem_int_atomic_set");
    } else if (sh.my_pe() == 1) {
      sh.wait_until(flag, 8, /*after=*/{0}); // in this run, PE 0 set the flag first
      atWait = clockOf(r);
    }
  });
  EXPECT_EQ(atWait, (Clock{1, 1}));
}

TEST(Fig3_9a, WaitRunningThroughBeforeTheSetDoesNotSynchronise) {
  Simulator s(2);
  SegmentId heap = s.segment(sizeof(int), "heap");
  const uint64_t flag = 0;
  Clock atWait;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    if (sh.my_pe() == 0) {
      awaitToken(r, 1, 99); // PE 0 is late in this run
      sh.atomic_set(flag, BasicType::Int, sizeof(int), 1, 5, 1, "shmem_int_atomic_set");
    } else if (sh.my_pe() == 1) {
      sh.wait_until(flag, 8, /*after=*/{}); // condition immediately fulfilled (flag is 1)
      atWait = clockOf(r);
      sendToken(r, 0, 99);
    }
  });
  EXPECT_EQ(atWait, (Clock{0, 1}));
}

// ---- Fig. 3.9b: two PEs set the same flag, one is enough for the wait --------------------------

TEST(Fig3_9b, BothSetsBeforeTheWaitSynchroniseWithBoth) {
  Simulator s(3);
  SegmentId heap = s.segment(sizeof(int), "heap");
  const uint64_t flag = 0;
  Clock atWait;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    if (sh.my_pe() == 0) sh.atomic_set(flag, BasicType::Int, sizeof(int), 2, 4);
    if (sh.my_pe() == 1) sh.atomic_set(flag, BasicType::Int, sizeof(int), 2, 7);
    if (sh.my_pe() == 2) {
      sh.wait_until(flag, 10, /*after=*/{0, 1});
      atWait = clockOf(r);
    }
  });
  EXPECT_EQ(atWait, (Clock{1, 1, 1}));
  EXPECT_THAT(racesOf(s), IsEmpty()); // SHMEM atomics of the same type are compatible
}

TEST(Fig3_9b, OnlyTheSetBeforeTheWaitSynchronises) {
  Simulator s(3);
  SegmentId heap = s.segment(sizeof(int), "heap");
  const uint64_t flag = 0;
  Clock atWait;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    if (sh.my_pe() == 0) sh.atomic_set(flag, BasicType::Int, sizeof(int), 2, 4);
    if (sh.my_pe() == 1) {
      awaitToken(r, 2, 99); // PE 1 is late in this run
      sh.atomic_set(flag, BasicType::Int, sizeof(int), 2, 7);
    }
    if (sh.my_pe() == 2) {
      sh.wait_until(flag, 10, /*after=*/{0});
      atWait = clockOf(r);
      sendToken(r, 1, 99);
    }
  });
  EXPECT_EQ(atWait, (Clock{1, 0, 1}));
  EXPECT_THAT(racesOf(s), IsEmpty());
}

} // namespace
} // namespace rmarace::test
