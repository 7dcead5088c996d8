// Long runs of short epochs that no synchronisation of the target prunes (a loop of
// MPI_Win_lock / MPI_Get / MPI_Win_unlock while the target computes): the engine keeps a bounded
// number of records, because each repeat of the get supersedes the previous one at its target and
// each completed private buffer access dies once its thread knows the completion, and it still
// reports the race of the target's later store with the gets.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr int kEpochs = 20000;
constexpr uint64_t kSlots = 16; // the gets cycle over this many ints of the window
// Records a rank may hold at the end, whatever kEpochs is: the last repeat per slot, plus what
// accumulates between two collections.
constexpr std::size_t kRecordBound = 2 * 4096 + 2 * kSlots;

void shortEpochs(Simulator &s, SegmentId win, bool storeAfter) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address tmp = r.allocate(4);
    m.barrier(1);
    Rank peer = (m.rank() + 1) % 2;
    for (int i = 0; i < kEpochs; ++i) {
      m.lock(win, peer, LockType::Shared, 2);
      m.get(win, peer, 4 * (i % kSlots), tmp, 4, 3);
      m.unlock(win, peer, 4);
      m.load(tmp, 4, 5);
    }
    if (storeAfter && m.rank() == 1) m.store(m.winAddr(win), 4, 7);
    m.barrier(8);
  });
}

TEST(LongRuns, ShortLockEpochsKeepBoundedRecords) {
  Simulator s(2);
  SegmentId win = s.segment(4 * kSlots, "win");
  shortEpochs(s, win, /*storeAfter=*/false);
  EXPECT_THAT(racesOf(s), IsEmpty());
  for (Rank r = 0; r < 2; ++r) {
    Process::Stats st = s.stats(r);
    EXPECT_LE(st.liveRemoteAccesses, kRecordBound) << "rank " << r;
    EXPECT_LE(st.ownAccessRecords, kRecordBound) << "rank " << r;
    EXPECT_EQ(st.pendingOwnAccesses, 0u) << "rank " << r;
  }
}

TEST(LongRuns, TheTargetsStoreStillRacesWithTheSupersededGets) {
  Simulator s(2);
  SegmentId win = s.segment(4 * kSlots, "win");
  shortEpochs(s, win, /*storeAfter=*/true);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Get@3", "1:store@7")));
}

} // namespace
} // namespace rmarace::test
