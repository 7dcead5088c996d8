// Reclaiming the records of remote accesses without a collective (Pruning::reclaimRepeats,
// TargetChecker::replacesEnded): with point-to-point synchronisation only, a target never learns
// what every other rank knows of it, so its prune horizon stays at 0; the records of a repeated
// put are still dropped once a newer repeat's region has ended, and the races a third rank's
// accesses make with them are still found.
//
// Engines driven by hand (the split-phase API), with batches handed over in memory.
#include "line_host.h"
#include "rmarace/core/process.h"

#include <gtest/gtest.h>
#include <memory>
#include <utility>
#include <vector>

namespace rmarace {
namespace {

constexpr SegmentId kWin = 1;
constexpr uint64_t kWinBytes = 1024;
constexpr LocationHandle kSitePut = 10, kSiteOtherPut = 20, kSiteFlush = 30, kSiteSync = 40;

using Host = test::LineHost;

// The source lines of both accesses of a race.
std::pair<uint32_t, uint32_t> lines(const RaceRecord &r) {
  return {r.earlier.location.line, r.later.location.line};
}

struct Job {
  explicit Job(Rank n) : hosts(static_cast<std::size_t>(n)) {
    for (Rank r = 0; r < n; ++r) {
      p.push_back(std::make_unique<Process>(r, n, hosts[static_cast<std::size_t>(r)]));
      p.back()->exposeMemory(kWin, base(r), kWinBytes, "win");
    }
  }
  static Address base(Rank r) { return (Address(r) + 1) << 32; }
  Process &at(Rank r) { return *p[static_cast<std::size_t>(r)]; }

  // An MPI_Put of 64 bytes at `offset` of `to`'s window.
  void put(Rank from, Rank to, uint64_t offset, LocationHandle site) {
    RmaOperation op;
    op.site = site;
    op.target = to;
    op.segment = kWin;
    op.context = kWin;
    op.targetRanges = ByteRanges(offset, 64);
    op.remoteWrite = true;
    op.originRead = ByteRanges(base(from) + 2 * kWinBytes, 64);
    at(from).issue(op);
  }
  // MPI_Win_flush (remote and local) on every target.
  void flush(Rank from, std::vector<Rank> targets) {
    Completion c;
    c.site = kSiteFlush;
    c.targets = std::move(targets);
    c.context = kWin;
    c.kind = CompletionKind::RemoteFlush;
    at(from).complete(c);
    c.kind = CompletionKind::LocalFlush;
    at(from).complete(c);
  }
  // The batches `from` has sealed, not delivered yet.
  std::vector<Batch> take(Rank from) { return at(from).takeOutgoing(); }
  void deliver(Rank from, std::vector<Batch> batches) {
    for (Batch &b : batches) at(b.peer).receive(from, std::move(b.bytes));
  }
  void deliverAll() {
    for (Rank r = 0; r < static_cast<Rank>(p.size()); ++r) deliver(r, take(r));
  }
  // An MPI_Send of "done" from `from` to `to` and its receive; the batches the receiver must wait
  // for are delivered before it settles.
  void message(Rank from, Rank to) {
    ClockPayload payload = at(from).signal(to, kSiteSync);
    deliverAll();
    at(to).wait(from, payload, kSiteSync);
    ASSERT_TRUE(at(to).shortfall().perOrigin.empty());
    at(to).settle();
  }
  // Rank 1 puts into rank 0's window at `offset`, flushes, and they exchange messages both ways:
  // rank 1 learns rank 0's epochs, so its clock changes in more than its own entry.
  void round(uint64_t offset) {
    put(1, 0, offset, kSitePut);
    flush(1, {0});
    message(1, 0);
    message(0, 1);
  }
  std::size_t remoteRecords(Rank r) {
    at(r).collectGarbage(); // count what is reachable, not what awaits release
    return at(r).stats().liveRemoteAccesses;
  }

  std::vector<Host> hosts;
  std::vector<std::unique_ptr<Process>> p;
};

// Rank 2 never synchronises with rank 0: rank 0's prune horizon stays at 0, and only the
// reclamation of repeats can drop the records of rank 1's puts.
TEST(ReclaimRepeats, AnOlderRepeatIsDroppedOnceTheNewerRegionHasEnded) {
  Job job(3);
  job.round(0);
  EXPECT_EQ(job.remoteRecords(0), 1u);
  for (int i = 0; i < 50; ++i) {
    job.round(0);
    EXPECT_EQ(job.remoteRecords(0), 1u) << "round " << i;
  }
  EXPECT_TRUE(job.hosts[0].races.empty());
}

TEST(ReclaimRepeats, AnOlderRepeatIsKeptWhileTheNewerRegionIsOpen) {
  Job job(3);
  job.round(0);
  job.round(0);
  // The newer put has arrived but is not complete: a third rank's put may still be ordered
  // after it (by what rank 1 tells it) but not after the older one.
  job.put(1, 0, 0, kSitePut);
  job.at(1).flushBatches();
  job.deliverAll();
  job.at(0).settle();
  EXPECT_EQ(job.remoteRecords(0), 2u);
  job.flush(1, {0});
  job.message(1, 0);
  EXPECT_EQ(job.remoteRecords(0), 1u);
}

TEST(ReclaimRepeats, PutsToOtherBytesAreNotRepeats) {
  Job job(3);
  for (int i = 0; i < 4; ++i) job.round(64 * static_cast<uint64_t>(i));
  EXPECT_EQ(job.remoteRecords(0), 4u);
}

// A third rank that never synchronised puts into the same bytes after many repeats were dropped:
// its put races with all of them, and with the newest one, which is kept.
TEST(ReclaimRepeats, AThirdRanksUnorderedPutStillRaces) {
  Job job(3);
  for (int i = 0; i < 20; ++i) job.round(0);
  job.put(2, 0, 0, kSiteOtherPut);
  job.flush(2, {0});
  job.message(2, 0);
  ASSERT_EQ(job.hosts[0].races.size(), 1u);
  EXPECT_EQ(lines(job.hosts[0].races[0]),
            std::make_pair(uint32_t{kSitePut}, uint32_t{kSiteOtherPut}));
}

// The third rank's put is ordered before rank 1's next repeat (rank 2 tells rank 1 after its
// flush), but not after rank 1's earlier puts: it races with them. Its batch reaches rank 0 only
// after the newer repeat's, at the wait that ends the newer region, which must not drop the older
// repeats before the third rank's put was checked against them.
TEST(ReclaimRepeats, APutOrderedBeforeTheNewerRepeatOnlyStillRaces) {
  Job job(3);
  for (int i = 0; i < 5; ++i) job.round(0);
  job.put(2, 0, 0, kSiteOtherPut);
  job.flush(2, {0});
  ClockPayload done = job.at(2).signal(1, kSiteSync);
  std::vector<Batch> late = job.take(2);
  job.at(1).wait(2, done, kSiteSync);
  job.at(1).settle();
  job.put(1, 0, 0, kSitePut);
  job.flush(1, {0});
  ClockPayload toTarget = job.at(1).signal(0, kSiteSync);
  job.deliver(1, job.take(1));
  job.at(0).wait(1, toTarget, kSiteSync);
  // Rank 0 now knows rank 2's flush: it must receive rank 2's batch before it settles.
  ASSERT_FALSE(job.at(0).shortfall().perOrigin.empty());
  job.deliver(2, std::move(late));
  ASSERT_TRUE(job.at(0).shortfall().perOrigin.empty());
  job.at(0).settle();
  ASSERT_EQ(job.hosts[0].races.size(), 1u);
  EXPECT_EQ(lines(job.hosts[0].races[0]),
            std::make_pair(uint32_t{kSitePut}, uint32_t{kSiteOtherPut}));
  // Afterwards the older repeats go.
  job.message(0, 1);
  job.round(0);
  EXPECT_LE(job.remoteRecords(0), 2u); // rank 1's newest put and rank 2's
}

// The neighbour pattern of the scaling benchmark on a ring of 6: every rank's records stay
// bounded, whatever the number of rounds.
TEST(ReclaimRepeats, ARingOfNeighboursKeepsBoundedRecords) {
  constexpr Rank kRanks = 6;
  Job job(kRanks);
  auto left = [](Rank r) { return (r + kRanks - 1) % kRanks; };
  auto right = [](Rank r) { return (r + 1) % kRanks; };
  for (uint64_t k = 0; k < 300; ++k) {
    const uint64_t slot = 128 * (k % 2);
    for (Rank r = 0; r < kRanks; ++r) {
      job.put(r, right(r), slot, kSitePut);
      job.put(r, left(r), slot + 64, kSitePut);
      job.flush(r, {left(r), right(r)});
    }
    std::vector<std::pair<ClockPayload, ClockPayload>> signals;
    for (Rank r = 0; r < kRanks; ++r)
      signals.emplace_back(job.at(r).signal(left(r), kSiteSync),
                           job.at(r).signal(right(r), kSiteSync));
    job.deliverAll();
    for (Rank r = 0; r < kRanks; ++r) {
      job.at(r).wait(left(r), signals[static_cast<std::size_t>(left(r))].second, kSiteSync);
      job.at(r).wait(right(r), signals[static_cast<std::size_t>(right(r))].first, kSiteSync);
      ASSERT_TRUE(job.at(r).shortfall().perOrigin.empty());
      job.at(r).settle();
      // Four slots, each with its newest put; the dropped ones are released in groups.
      EXPECT_LE(job.at(r).stats().liveRemoteAccesses, 4u + 2 * 32u) << "round " << k;
    }
  }
  for (Rank r = 0; r < kRanks; ++r) {
    EXPECT_EQ(job.remoteRecords(r), 4u);
    EXPECT_TRUE(job.hosts[static_cast<std::size_t>(r)].races.empty());
  }
}

} // namespace
} // namespace rmarace
