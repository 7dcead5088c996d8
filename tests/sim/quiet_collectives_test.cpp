// Collectives with no event before them (Process::contribute): a member whose epoch has no event
// yet continues it instead of starting one, and starts one at the wait only when it learns
// something. The clocks show the epochs kept; the races show that the synchronisation still
// orders what it orders, and nothing more.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using Clock = std::vector<Epoch>;

TEST(QuietCollectives, BarriersWithNothingBetweenKeepTheClocks) {
  Simulator s(3);
  std::vector<Clock> afterFirst(3), afterLast(3);
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.barrier(1);
    afterFirst[r.rank()] = clockOf(r);
    for (uint32_t i = 0; i < 5; ++i) m.barrier(2 + i);
    afterLast[r.rank()] = clockOf(r);
  });
  for (Rank r = 0; r < 3; ++r) EXPECT_EQ(afterLast[r], afterFirst[r]) << "rank " << r;
}

TEST(QuietCollectives, AnEventStartsAnEpochAtTheNextBarrier) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  std::vector<Clock> before(2), after(2);
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.barrier(1);
    before[r.rank()] = clockOf(r);
    if (r.rank() == 0) m.store(m.winAddr(win), 8, 2);
    m.barrier(3);
    after[r.rank()] = clockOf(r);
  });
  // Rank 0's store starts an epoch at the barrier, which both ranks learn; rank 1, which did
  // nothing, starts one at the wait because it learned something.
  EXPECT_EQ(after[0][0], before[0][0] + 1);
  EXPECT_EQ(after[1][0], after[0][0]);
  EXPECT_EQ(after[1][1], before[1][1] + 1);
  // Rank 0 learned nothing new: its epoch for rank 1 stays where the first barrier left it.
  EXPECT_EQ(after[0][1], before[0][1]);
}

// A store before quiet barriers is still ordered before a put after them.
TEST(QuietCollectives, QuietBarriersStillOrderAStoreBeforeThemAndAPutAfter) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(8);
    m.barrier(1);
    if (r.rank() == 1) m.store(m.winAddr(win), 8, 2);
    m.barrier(3);
    m.barrier(4);
    m.barrier(5);
    if (r.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 6);
      m.put(win, 1, 0, buf, 8, 7);
      m.unlock(win, 1, 8);
    }
    m.barrier(9);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// After quiet barriers, a store and a put with no synchronisation between them still race: the
// continued epoch is not known to the other rank.
TEST(QuietCollectives, AfterQuietBarriersConcurrentAccessesStillRace) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(8);
    m.barrier(1);
    m.barrier(2);
    m.barrier(3);
    if (r.rank() == 1) m.store(m.winAddr(win), 8, 4);
    if (r.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 5);
      m.put(win, 1, 0, buf, 8, 6);
      m.unlock(win, 1, 7);
    }
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@6", "1:store@4")));
}

// A put completed before a barrier after quiet ones: the target's load after the barrier is
// ordered after the put, its load before the barrier is not.
TEST(QuietCollectives, APutBeforeABarrierRacesOnlyTheTargetsLoadBeforeIt) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(8);
    m.barrier(1);
    m.barrier(2);
    if (r.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 3);
      m.put(win, 1, 0, buf, 8, 4);
      m.unlock(win, 1, 5);
    }
    if (r.rank() == 1) m.load(m.winAddr(win), 8, 6);
    m.barrier(7);
    if (r.rank() == 1) m.load(m.winAddr(win), 8, 8);
    m.barrier(9);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@4", "1:load@6")));
}

// The reports name the latest synchronisation before an access: a barrier that continues an
// epoch takes over as the event that started it.
TEST(QuietCollectives, TheContinuedEpochStartsAtTheLatestBarrier) {
  Simulator s(2);
  std::vector<bool> named(2);
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.barrier(1);
    m.barrier(2);
    const SyncState &sync = r.process().sync();
    named[r.rank()] = sync.siteOfEpoch(sync.epoch()) == r.site(2, "MPI_Barrier");
  });
  EXPECT_TRUE(named[0]);
  EXPECT_TRUE(named[1]);
}

} // namespace
} // namespace rmarace::test
