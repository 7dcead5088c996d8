// The memory cost of tracking, per byte of remotely accessible memory (docs/design.md, "Exact
// access histories"): a 4-byte summary per block of 512 bytes, 4 bytes of cell per 8-byte granule
// of the blocks whose granules differ (at most 0.5 byte per tracked byte), plus the distinct
// record sets, which are shared between granules and do not grow with the number of epochs once
// the prune horizon advances.
//
// Two Process engines driven by hand (the split-phase API): rank 1 exposes 1 MiB; epochs
// alternate between rank 1 storing the whole MiB and rank 0 putting 16 chunks of 64 KiB into it,
// separated by fences (collective flush + all-to-all).
#include "line_host.h"
#include "rmarace/core/process.h"

#include <array>
#include <gtest/gtest.h>
#include <memory>

namespace rmarace {
namespace {

constexpr uint64_t kMiB = 1 << 20;
constexpr uint64_t kChunk = 64 << 10;
constexpr SegmentId kWin = 1;

using Host = test::LineHost;

struct TwoRanks {
  std::array<Host, 2> hosts;
  std::array<std::unique_ptr<Process>, 2> p{std::make_unique<Process>(0, 2, hosts[0]),
                                            std::make_unique<Process>(1, 2, hosts[1])};
  GroupView world{{0, 1}, 0};
  // Rank r's memory: [base(r), base(r) + 1 MiB) exposed, a private buffer after it.
  static Address base(Rank r) { return (Address(r) + 1) << 32; }
  static Address privateBuffer(Rank r) { return base(r) + 2 * kMiB; }

  TwoRanks() {
    for (Rank r = 0; r < 2; ++r) p[r]->exposeMemory(kWin, base(r), kMiB, "win");
  }
  void deliver() {
    for (Rank r = 0; r < 2; ++r)
      for (Batch &b : p[r]->takeOutgoing()) p[b.peer]->receive(r, std::move(b.bytes));
  }
  // MPI_Win_fence: collective flush, then all-to-all.
  void fence(LocationHandle site) {
    std::array<CollectiveContribution, 2> c;
    for (Rank r = 0; r < 2; ++r) {
      Completion cf;
      cf.kind = CompletionKind::CollectiveFlush;
      cf.site = site;
      cf.targets = world.members;
      cf.context = kWin;
      p[r]->complete(cf);
      c[r] = p[r]->contribute(world, CollectiveKind::AllToAll, site);
    }
    deliver();
    CollectiveContribution all = c[0];
    all.combine(c[1]);
    for (Rank r = 0; r < 2; ++r) p[r]->absorbCollective(world, CollectiveKind::AllToAll, 0, all);
    deliver();
    for (Rank r = 0; r < 2; ++r) {
      ASSERT_TRUE(p[r]->shortfall().perOrigin.empty());
      ASSERT_FALSE(p[r]->shortfall().groupUnmet);
      p[r]->settle();
    }
  }
  void storeWholeWindow(LocationHandle site) {
    p[1]->access(base(1), kMiB, /*write=*/true, false, site);
  }
  void putChunks(LocationHandle site) {
    for (uint64_t off = 0; off < kMiB; off += kChunk) {
      RmaOperation op;
      op.site = site;
      op.target = 1;
      op.segment = kWin;
      op.context = kWin;
      op.targetRanges = ByteRanges(off, kChunk);
      op.remoteWrite = true;
      op.originRead = ByteRanges(privateBuffer(0), kChunk);
      p[0]->issue(op);
    }
  }
  // One epoch of plain stores, one of remote writes.
  void epochPair(int i) {
    storeWholeWindow(100 + static_cast<LocationHandle>(i % 3));
    fence(1);
    putChunks(200 + static_cast<LocationHandle>(i % 3));
    fence(2);
  }
};

// A 4-byte summary per block of 64 granules.
constexpr std::size_t kSummaryBytesPerMiB = kMiB / kGranule / kBlockGranules * sizeof(SetId);
// 1 MiB / 8-byte granules * 4-byte cells, when every block is mixed.
constexpr std::size_t kMixedCellBytesPerMiB = kMiB / kGranule * sizeof(SetId);

TEST(MemoryCost, BlocksWhoseGranulesAgreeCostTheirSummaryAlone) {
  TwoRanks t;
  EXPECT_EQ(t.p[1]->stats().shadowCellBytes, kSummaryBytesPerMiB);
  t.epochPair(0); // stores of the whole window and puts of whole blocks
  EXPECT_EQ(t.p[1]->stats().shadowCellBytes, kSummaryBytesPerMiB);
}

TEST(MemoryCost, MixedBlocksCostHalfABytePerTrackedByte) {
  TwoRanks t;
  // A store of the first granule of every block: no block's granules agree.
  for (Address a = TwoRanks::base(1); a < TwoRanks::base(1) + kMiB; a += kBlockGranules * kGranule)
    t.p[1]->access(a, kGranule, /*write=*/true, false, 100);
  std::size_t bytes = t.p[1]->stats().shadowCellBytes;
  EXPECT_GE(bytes, kSummaryBytesPerMiB + kMixedCellBytesPerMiB);
  // With the chunks' bookkeeping: 4 bytes per block, at most twice for a growing vector.
  EXPECT_LE(bytes, 3 * kSummaryBytesPerMiB + kMixedCellBytesPerMiB);
}

// What the end-of-run overview reports (rmarace-run --verbose): segments exposed, RMA operations
// issued, accesses of tracked memory checked.
TEST(Counts, SegmentsOperationsAndAccesses) {
  TwoRanks t;
  t.epochPair(0);
  t.epochPair(1);
  const Process::Counts &origin = t.p[0]->counts();
  EXPECT_EQ(origin.segments, 1u);
  EXPECT_EQ(origin.operations, 2 * kMiB / kChunk);
  EXPECT_EQ(origin.accesses, 0u);
  const Process::Counts &target = t.p[1]->counts();
  EXPECT_EQ(target.segments, 1u);
  EXPECT_EQ(target.operations, 0u);
  EXPECT_EQ(target.accesses, 2u); // one store of the whole window per pair
  // A dynamic window attached twice is one segment.
  t.p[1]->exposeMemory(kWin + 1, TwoRanks::base(1) + 4 * kMiB, kChunk, "dyn", /*dynamic=*/true);
  t.p[1]->exposeMemory(kWin + 1, TwoRanks::base(1) + 8 * kMiB, kChunk, "dyn", /*dynamic=*/true);
  EXPECT_EQ(t.p[1]->counts().segments, 2u);
  // A retired segment stays counted; its id exposed again is another segment.
  t.p[1]->retireSegment(kWin + 1);
  EXPECT_EQ(t.p[1]->counts().segments, 2u);
  t.p[1]->exposeMemory(kWin + 1, TwoRanks::base(1) + 4 * kMiB, kChunk, "again");
  EXPECT_EQ(t.p[1]->counts().segments, 3u);
}

TEST(MemoryCost, RecordSetsAreSharedAndBoundedIndependentlyOfTheEpochs) {
  TwoRanks t;
  // A documented bound for this access pattern: at most 64 distinct sets of at most 64 KiB in
  // total (against 512 KiB of cells), i.e. sets add less than 1/16 byte per tracked byte, while
  // 16 remote writes and a store of every byte are live.
  constexpr std::size_t kMaxSets = 64;
  constexpr std::size_t kMaxSetBytes = 64 << 10;
  Process::Stats early{};
  for (int i = 0; i < 64; ++i) {
    t.storeWholeWindow(100 + static_cast<LocationHandle>(i % 3));
    t.fence(1);
    t.putChunks(200 + static_cast<LocationHandle>(i % 3));
    t.p[0]->flushBatches();
    t.deliver();
    Process::Stats live = t.p[1]->stats(); // the puts are in flight: their records are live
    EXPECT_EQ(live.liveRemoteAccesses, kMiB / kChunk);
    EXPECT_LE(live.liveShadowSets, kMaxSets) << "epoch pair " << i;
    EXPECT_LE(live.shadowSetBytes, kMaxSetBytes) << "epoch pair " << i;
    EXPECT_EQ(live.shadowCellBytes, kSummaryBytesPerMiB); // puts of whole blocks mix none
    t.fence(2);
    t.p[1]->collectGarbage(); // measure what is reachable, not what awaits collection
    Process::Stats s = t.p[1]->stats();
    EXPECT_LE(s.liveShadowSets, kMaxSets) << "epoch pair " << i;
    EXPECT_LE(s.shadowSetBytes, kMaxSetBytes) << "epoch pair " << i;
    if (i == 8) early = s;
    if (i > 8) {
      // Once the prune horizon advances, nothing accumulates with the number of epochs.
      EXPECT_LE(s.liveShadowSets, early.liveShadowSets) << "epoch pair " << i;
      EXPECT_LE(s.shadowSetBytes, early.shadowSetBytes) << "epoch pair " << i;
      EXPECT_LE(s.liveRemoteAccesses, early.liveRemoteAccesses) << "epoch pair " << i;
    }
  }
  EXPECT_EQ(t.hosts[0].races.size() + t.hosts[1].races.size(), 0u);
  EXPECT_EQ(t.p[0]->stats().pendingOwnAccesses, 0u);
}

// Without explicit collections the engine's own collection (when the number of sets doubled,
// at least 4096) keeps the sets bounded too.
TEST(MemoryCost, AutomaticCollectionBoundsTheSets) {
  TwoRanks t;
  std::size_t maxSets = 0;
  for (int i = 0; i < 400; ++i) {
    t.epochPair(i);
    maxSets = std::max(maxSets, t.p[1]->stats().liveShadowSets);
  }
  EXPECT_LE(maxSets, 2u * 4096u + 64u);
  EXPECT_EQ(t.hosts[0].races.size() + t.hosts[1].races.size(), 0u);
}

} // namespace
} // namespace rmarace
