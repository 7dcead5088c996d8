// Scenario tests of the dissertation's MPI RMA examples, each asserting the exact races.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// Fig. 2.7a / 4.3a: a get's buffer read by printf before the completing fence.
TEST(Fig2_7a, GetBufferLoadedBeforeFenceIsLocalBufferRace) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address localbuf = r.allocate(4);
    m.fence(win, 2);
    if (m.rank() == 0) {
      m.get(win, 1, 0, localbuf, 4, 4);
      m.load(localbuf, 4, 5);
    }
    m.fence(win, 7);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Get@4", "0:load@5")));
}

TEST(Fig2_7a, LoadAfterFenceIsRaceFree) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address localbuf = r.allocate(4);
    m.fence(win, 2);
    if (m.rank() == 0) m.get(win, 1, 0, localbuf, 4, 4);
    m.fence(win, 7);
    if (m.rank() == 0) m.load(localbuf, 4, 8);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Fig. 2.7b: the same buffer written by a get and read by a put.
TEST(Fig2_7b, GetThenPutOfSameBufferIsLocalBufferRace) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address localbuf = r.allocate(4);
    m.fence(win, 2);
    if (m.rank() == 0) {
      m.get(win, 1, 0, localbuf, 4, 4);
      m.put(win, 1, 0, localbuf, 4, 5);
    }
    m.fence(win, 7);
  });
  // The put's remote write also races with the get's remote read of the same target location.
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Get@4", "0:MPI_Put@5"),
                                      Remote("0:MPI_Get@4", "0:MPI_Put@5")));
}

// Fig. 2.8a / 4.4: a put under lock concurrent with the target's load between barriers.
TEST(Fig2_8a, PutConcurrentWithTargetLoadIsRemoteRace) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(9);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 12);
      m.store(buf, 4, 11);
      m.put(win, 1, 0, buf, 4, 13);
      m.unlock(win, 1, 14);
    } else {
      m.load(m.winAddr(win), 4, 17);
    }
    m.barrier(19);
    if (m.rank() == 1) m.load(m.winAddr(win), 4, 20); // after the barrier: ordered
  });
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("1:load@17", "0:MPI_Put@13")));
  // Fig. 4.4: the remote concurrent region is bounded by the two barriers at the target.
  const RaceRecord &race = s.races()[0];
  ASSERT_TRUE(race.region.has_value());
  EXPECT_EQ(race.region->begin.line, 9u);
  EXPECT_EQ(race.region->begin.call, "MPI_Barrier");
  EXPECT_TRUE(race.region->ended);
  EXPECT_EQ(race.region->end.line, 19u);
  EXPECT_EQ(race.memoryRank, 1);
  EXPECT_EQ(race.memoryName, "win");
  EXPECT_EQ(race.offsetBegin, 0u);
}

// Fig. 2.8b: the get completes only at unlock, after the barrier: the target's store races.
TEST(Fig2_8b, GetCompletedAfterBarrierRacesWithTargetStore) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (m.rank() == 1) m.store(m.winAddr(win), 4, 3);
    m.barrier(4);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 5);
      m.get(win, 1, 0, buf, 4, 6);
    }
    m.barrier(7);
    if (m.rank() == 0) m.unlock(win, 1, 8);
    if (m.rank() == 1) m.store(m.winAddr(win), 4, 9);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Get@6", "1:store@9")));
}

// Fig. 4.5: put from P0 and get from P2 to the same location at P1 in one fence epoch.
TEST(Fig4_5, PutAndGetFromDifferentOriginsInFenceEpochRace) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.fence(win, 1);
    if (m.rank() == 0) m.put(win, 1, 0, buf, 4, 2);
    if (m.rank() == 2) m.get(win, 1, 0, buf, 4, 3);
    m.fence(win, 4);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@2", "2:MPI_Get@3")));
}

TEST(Fig4_5, SeparateFenceEpochsAreRaceFree) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.fence(win, 1);
    if (m.rank() == 0) m.put(win, 1, 0, buf, 4, 2);
    m.fence(win, 3);
    if (m.rank() == 2) m.get(win, 1, 0, buf, 4, 4);
    m.fence(win, 5);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Fig. 4.8: two origins write the same target location under exclusive locks, ordered by a
// message between them: the target's regions overlap, the origins' do not.
TEST(Fig4_8, ExternallySynchronisedRemoteWritesAreRaceFree) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Shared, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.unlock(win, 1, 4);
      m.send(2, 0, 5);
    }
    if (m.rank() == 2) {
      m.recv(0, 0, 6);
      m.lock(win, 1, LockType::Shared, 7);
      m.put(win, 1, 0, buf, 4, 8);
      m.unlock(win, 1, 9);
    }
    m.barrier(10);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Fig4_8, WithoutTheMessageTheWritesRace) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 0 || m.rank() == 2) {
      m.lock(win, 1, LockType::Shared, 2);
      m.put(win, 1, 0, buf, 4, 3 + static_cast<uint32_t>(m.rank()));
      m.unlock(win, 1, 9);
    }
    m.barrier(10);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "2:MPI_Put@5")));
}

// Fig. 5.13: the put's completion reaches the target only transitively (0 -> 1 -> 2) and its
// metadata is delayed: the target must not judge its load before it knows the put completed.
TEST(Fig5_13, TransitivelyCompletedPutWithDelayedMetadataIsRaceFree) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 0) {
      m.lock(win, 2, LockType::Exclusive, 2);
      m.put(win, 2, 0, buf, 4, 3);
      m.unlock(win, 2, 4);
      m.send(1, 0, 5);
    }
    if (m.rank() == 1) {
      m.recv(0, 0, 6);
      m.send(2, 0, 7);
    }
    if (m.rank() == 2) {
      m.recv(1, 0, 8);
      m.load(m.winAddr(win), 4, 9);
    }
    m.barrier(10);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Fig5_13, LoadBeforeTheChainEndsRaces) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 0) {
      m.lock(win, 2, LockType::Exclusive, 2);
      m.put(win, 2, 0, buf, 4, 3);
      m.unlock(win, 2, 4);
      m.send(1, 0, 5);
    }
    if (m.rank() == 1) {
      m.recv(0, 0, 6);
      m.send(2, 0, 7);
    }
    if (m.rank() == 2) {
      m.load(m.winAddr(win), 4, 8);
      m.recv(1, 0, 9);
    }
    m.barrier(10);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("2:load@8", "0:MPI_Put@3")));
}

// Fig. 6.4: rank 1 locks rank 0's window win2 after rank 0 released it, but MPI_Win_lock on
// another rank need not block, so the put to rank 1 is not ordered before rank 1's load.
TEST(Fig6_4, LockOfAnotherRanksWindowDoesNotOrderLoads) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  SegmentId win2 = s.segment(sizeof(int), "win2");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address value = r.allocate(4);
    m.barrier(4);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 7);
      m.put(win, 1, 0, value, 4, 9);
      m.unlock(win, 1, 10);
      m.lock(win2, 0, LockType::Exclusive, 12);
      m.unlock(win2, 0, 13);
    } else {
      m.lock(win2, 0, LockType::Exclusive, 17);
      m.load(m.winAddr(win), 4, 19);
      m.unlock(win2, 0, 20);
    }
    m.barrier(23);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@9", "1:load@19")));
}

// Exclusive lock epochs on the same target order their RMA operations.
TEST(ExclusiveLocks, EpochsOnTheSameTargetOrderTheirOperations) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address value = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 0 || m.rank() == 2) {
      m.lock(win, 1, LockType::Exclusive, 2);
      m.put(win, 1, 0, value, 4, 3 + static_cast<uint32_t>(m.rank()));
      m.unlock(win, 1, 6);
    }
    m.barrier(7);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(ExclusiveLocks, SharedLocksDoNotOrderOperations) {
  Simulator s(3);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address value = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 0 || m.rank() == 2) {
      m.lock(win, 1, LockType::Shared, 2);
      m.put(win, 1, 0, value, 4, 3 + static_cast<uint32_t>(m.rank()));
      m.unlock(win, 1, 6);
    }
    m.barrier(7);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "2:MPI_Put@5")));
}

// The window owner's own exclusive lock orders its loads and stores against other exclusive
// epochs (locking one's own window blocks).
TEST(ExclusiveLocks, OwnersExclusiveEpochOrdersItsStores) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address value = r.allocate(4);
    m.barrier(1);
    if (m.rank() == 1) {
      m.lock(win, 1, LockType::Exclusive, 2);
      m.store(m.winAddr(win), 4, 3);
      m.unlock(win, 1, 4);
    } else {
      m.lock(win, 1, LockType::Exclusive, 5);
      m.put(win, 1, 0, value, 4, 6);
      m.unlock(win, 1, 7);
    }
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

} // namespace
} // namespace rmarace::test
