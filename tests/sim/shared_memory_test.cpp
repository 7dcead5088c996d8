// Direct accesses: plain loads and stores of another rank's memory through shared memory (MPI
// shared windows, shmem_ptr), which the reference tool ignores (dissertation 6.4). Each is a
// remote access of the owner's memory, complete when it returns, ordered only by
// synchronisation.
#include "verbs.h"

#include <set>

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

TEST(SharedMemory, DirectStoreConcurrentWithOwnerLoadRaces) {
  Simulator s(2);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() == 1)
      r.store(peer + 8, 4, 5);
    else
      m.load(m.winAddr(win, 8), 4, 7);
    m.barrier(9);
  });
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("1:store@5", "0:load@7")));
  const RaceRecord &race = s.races()[0];
  const AccessRecord &direct = race.earlier.rank == 1 ? race.earlier : race.later;
  EXPECT_TRUE(direct.direct);
  EXPECT_EQ(direct.kind, AccessKind::RemoteWrite);
  EXPECT_EQ(race.memoryRank, 0);
  EXPECT_EQ(race.offsetBegin, 8u);
}

TEST(SharedMemory, BarrierOrdersDirectStoreBeforeOwnerLoad) {
  for (sim::Delivery delivery : {sim::Delivery::Eager, sim::Delivery::OnDemand}) {
    Simulator s(2, {delivery});
    SegmentId win = s.segment(16, "shm");
    s.run([&](SimRank &r) {
      Mpi m(r);
      Address peer = r.mapShared(win, 0);
      m.barrier(3);
      if (m.rank() == 1) r.store(peer + 8, 4, 5);
      m.barrier(6);
      if (m.rank() == 0) m.load(m.winAddr(win, 8), 4, 7);
    });
    EXPECT_THAT(racesOf(s), IsEmpty());
  }
}

TEST(SharedMemory, OwnerStoreThenMessageOrdersDirectLoad) {
  Simulator s(2);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    if (m.rank() == 0) {
      m.store(m.winAddr(win), 4, 4);
      m.send(1, 0, 5, "MPI_Send");
    } else {
      m.recv(0, 0, 7);
      r.load(peer, 4, 8);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(SharedMemory, DirectLoadConcurrentWithOwnerStoreRaces) {
  Simulator s(2);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    if (m.rank() == 0) {
      m.store(m.winAddr(win), 4, 4);
      m.send(1, 0, 5, "MPI_Send");
      m.store(m.winAddr(win), 4, 6);
    } else {
      m.recv(0, 0, 8);
      r.load(peer, 4, 9);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:store@6", "1:load@9")));
}

TEST(SharedMemory, DirectStoresOfTwoRanksRace) {
  Simulator s(3);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() == 1) r.store(peer + 4, 4, 5);
    if (m.rank() == 2) r.store(peer, 8, 6);
    m.barrier(7);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@5", "2:store@6")));
}

TEST(SharedMemory, DisjointDirectStoresDoNotRace) {
  Simulator s(3);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() == 1) r.store(peer + 4, 4, 5);
    if (m.rank() == 2) r.store(peer, 4, 6);
    if (m.rank() == 0) m.load(m.winAddr(win, 8), 8, 7);
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(SharedMemory, LanguageAtomicsDoNotRaceWithEachOther) {
  Simulator s(3);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() == 1) r.atomicStore(peer, 4, 5);
    if (m.rank() == 2) r.atomicStore(peer, 4, 6);
    if (m.rank() == 0) r.atomicLoad(m.winAddr(win), 4, 7);
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(SharedMemory, LanguageAtomicDirectStoreRacesWithPlainOwnerLoad) {
  Simulator s(2);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() == 1) r.atomicStore(peer, 4, 5);
    if (m.rank() == 0) m.load(m.winAddr(win), 4, 6);
    m.barrier(7);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@5", "0:load@6")));
}

TEST(SharedMemory, DirectStoreRacesWithPutOfThirdRankInFenceEpoch) {
  Simulator s(3);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    Address buf = r.allocate(4);
    m.fence(win, 3);
    if (m.rank() == 1) r.store(peer, 4, 5);
    if (m.rank() == 2) m.put(win, 0, 0, buf, 4, 6);
    m.fence(win, 7);
    if (m.rank() == 1) r.store(peer, 4, 8); // after the closing fence: ordered after the put
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@5", "2:MPI_Put@6")));
}

TEST(SharedMemory, OwnPutThenDirectStoreRacesUntilFlushed) {
  Simulator s(2);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    Address buf = r.allocate(8);
    m.barrier(3);
    if (m.rank() == 1) {
      m.lock(win, 0, LockType::Shared, 5);
      m.put(win, 0, 0, buf, 4, 6);
      r.store(peer, 4, 7); // the put may still be in flight
      m.put(win, 0, 4, buf + 4, 4, 8);
      m.flush(win, 0, 9);
      r.store(peer + 4, 4, 10); // the flush completed the second put
      m.unlock(win, 0, 11);
    }
    m.barrier(12);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:MPI_Put@6", "1:store@7")));
}

TEST(SharedMemory, DirectStoreBeforePutOfSameRankIsOrdered) {
  Simulator s(2);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    Address buf = r.allocate(4);
    m.barrier(3);
    if (m.rank() == 1) {
      r.store(peer, 4, 5);
      m.lock(win, 0, LockType::Shared, 6);
      m.put(win, 0, 0, buf, 4, 7);
      m.unlock(win, 0, 8);
    }
    m.barrier(9);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(SharedMemory, LockOfTheOwnerDoesNotOrderDirectStores) {
  // Direct accesses belong to no access epoch (like the locker's own accesses in Fig. 6.4).
  Simulator s(3);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() != 0) {
      m.lock(win, 0, LockType::Exclusive, 5);
      r.store(peer, 4, m.rank() == 1 ? 6 : 7);
      m.unlock(win, 0, 8);
    }
    m.barrier(9);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@6", "2:store@7")));
}

TEST(SharedMemory, LoopOfDirectStoresIsOneRecordAndOneReport) {
  Simulator s(2);
  SegmentId win = s.segment(4096, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address peer = r.mapShared(win, 0);
    m.barrier(3);
    if (m.rank() == 1)
      for (uint64_t i = 0; i < 1024; ++i) r.store(peer + 4 * i, 4, 5);
    else
      m.load(m.winAddr(win, 400), 4, 7);
    m.barrier(9);
  });
  ASSERT_THAT(racesOf(s), ElementsAre(Remote("1:store@5", "0:load@7")));
  const RaceRecord &race = s.races()[0];
  const AccessRecord &direct = race.earlier.rank == 1 ? race.earlier : race.later;
  EXPECT_EQ(direct.size, 4u); // the size of one store, not of the merged range
  EXPECT_EQ(race.offsetBegin, 400u);
  EXPECT_EQ(s.stats(0).liveRemoteAccesses, 1u); // one remote access stands for the 1024 stores
}

TEST(SharedMemory, AccessAcrossTwoMappedPartsReachesBothOwners) {
  Simulator s(3);
  SegmentId win = s.segment(16, "shm");
  s.run([&](SimRank &r) {
    Mpi m(r);
    // Rank 2 maps the parts of ranks 0 and 1 next to each other (a contiguous shared window).
    Address first = r.allocate(32);
    if (m.rank() == 2) {
      r.process().mapRemoteMemory(win, 0, first, 16);
      r.process().mapRemoteMemory(win, 1, first + 16, 16);
    }
    m.barrier(3);
    if (m.rank() == 2) r.store(first + 12, 8, 5); // bytes 12..15 of rank 0 and 0..3 of rank 1
    if (m.rank() < 2) m.load(m.winAddr(win, m.rank() == 0 ? 12 : 0), 4, 6);
    m.barrier(7);
  });
  ASSERT_THAT(racesOf(s), UnorderedElementsAre(Remote("2:store@5", "0:load@6"),
                                               Remote("2:store@5", "1:load@6")));
  std::set<Rank> owners;
  for (const RaceRecord &race : s.races()) owners.insert(race.memoryRank);
  EXPECT_EQ(owners, (std::set<Rank>{0, 1}));
}

} // namespace
} // namespace rmarace::test
