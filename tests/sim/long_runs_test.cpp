// Long runs of short epochs that no synchronisation of the target prunes (a loop of
// MPI_Win_lock / MPI_Get / MPI_Win_unlock while the target computes): the engine keeps a bounded
// number of records, because each repeat of the get supersedes the previous one at its target and
// each completed private buffer access dies once its thread knows the completion, and it still
// reports the race of the target's later store with the gets.
//
// Halo exchanges on a ring with point-to-point synchronisation only (MPI_Put and MPI_Win_flush
// then MPI_Send / MPI_Recv, or PSCW): no rank learns what all others know of it, so nothing is
// ever pruned by the horizon; each put's record replaces its older repeat once its region has
// ended (Pruning::reclaimRepeats), and a put of a rank outside the exchange still races.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

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

constexpr int kRanks = 5;
constexpr int kRounds = 3000;
constexpr uint64_t kHalo = 8; // bytes per halo slot: 4 slots, from left and right, double-buffered
// Records a rank may hold, whatever kRounds is: the newest put per slot, and the dropped ones
// waiting for their release in groups (more than when every record stayed: 2 * kRounds).
constexpr std::size_t kRingBound = 4 + 2 * 16;

enum class HaloSync { FlushAndSend, Pscw, Notifications };

// Rank `intruder` puts into rank 0's first halo slot after the exchange, without synchronising
// with anyone; the others exchange halos with their neighbours on a ring without it.
void haloRing(Simulator &s, SegmentId win, HaloSync sync, Rank intruder) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    Gaspi g(r);
    Address out = r.allocate(2 * kHalo);
    Rank me = m.rank();
    auto next = [&](Rank x, int step) {
      do x = (x + step + kRanks) % kRanks;
      while (x == intruder);
      return x;
    };
    Rank lo = next(me, -1), hi = next(me, 1);
    m.barrier(1);
    for (int k = 0; me != intruder && k < kRounds; ++k) {
      uint64_t slot = 2 * kHalo * static_cast<uint64_t>(k % 2);
      // Notification ids: from the left or the right neighbour, per slot.
      uint32_t fromLeft = 2 * static_cast<uint32_t>(k % 2), fromRight = fromLeft + 1;
      switch (sync) {
      case HaloSync::FlushAndSend:
        m.put(win, hi, slot, out, kHalo, 4);
        m.put(win, lo, slot + kHalo, out + kHalo, kHalo, 5);
        m.flush(win, std::nullopt, 6);
        m.send(lo, 0, 7);
        m.send(hi, 0, 7);
        m.recv(lo, 0, 8);
        m.recv(hi, 0, 8);
        break;
      case HaloSync::Pscw:
        m.post(win, {lo, hi}, 2);
        m.start(win, {lo, hi}, 3);
        m.put(win, hi, slot, out, kHalo, 4);
        m.put(win, lo, slot + kHalo, out + kHalo, kHalo, 5);
        m.complete(win, 6);
        m.waitEpoch(win, 7);
        break;
      case HaloSync::Notifications:
        g.write_notify(out, hi, win, slot, kHalo, fromLeft, 1, 0, 4);
        g.write_notify(out + kHalo, lo, win, slot + kHalo, kHalo, fromRight, 1, 0, 5);
        g.notify_waitsome(win, fromLeft, 7, {lo});
        g.notify_waitsome(win, fromRight, 7, {hi});
        g.wait(0, 6);
        break;
      }
      m.load(m.winAddr(win, slot), 2 * kHalo, 10);
    }
    if (me == intruder) {
      m.lockAll(win, 11);
      m.put(win, 0, 0, out, kHalo, 12);
      m.unlockAll(win, 13);
    }
    m.barrier(14);
  });
}

// The last rank stays out of the exchange (its neighbours skip it): rank 0 never learns what it
// knows, so rank 0's prune horizon stays at 0 for the whole run. Its put races with the
// neighbour's put into the same bytes (`neighbourPut`) and with rank 0's loads of them.
void expectBoundedRing(HaloSync sync, const std::string &neighbourPut) {
  Simulator s(kRanks);
  SegmentId win = s.segment(4 * kHalo, "win");
  haloRing(s, win, sync, kRanks - 1);
  EXPECT_THAT(racesOf(s), UnorderedElementsAre(Remote("4:MPI_Put@12", "3:" + neighbourPut),
                                               Remote("4:MPI_Put@12", "0:load@10")));
  for (Rank r = 0; r + 1 < kRanks; ++r)
    EXPECT_LE(s.stats(r).liveRemoteAccesses, kRingBound) << "rank " << r;
}

TEST(LongRuns, AHaloRingWithFlushesAndMessagesKeepsBoundedRecords) {
  expectBoundedRing(HaloSync::FlushAndSend, "MPI_Put@4");
}

TEST(LongRuns, APscwHaloRingKeepsBoundedRecords) {
  expectBoundedRing(HaloSync::Pscw, "MPI_Put@4");
}

// GASPI's halo exchange: writes completed by the target's notification waits only.
TEST(LongRuns, ANotifiedHaloRingKeepsBoundedRecords) {
  expectBoundedRing(HaloSync::Notifications, "gaspi_write_notify@4");
}

} // namespace
} // namespace rmarace::test
