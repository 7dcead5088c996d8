// AccessHistory: interned record sets per 8-byte granule, byte masks, superseding of older
// epochs, liveness, the transition cache and the collection of stale sets.
#include "rmarace/core/history.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace rmarace {
namespace {

constexpr Address kBase = 0x10000;

ShadowRecord local(RecordKind kind, uint32_t subject, Epoch epoch) {
  ShadowRecord r;
  r.kind = kind;
  r.subject = subject;
  r.epoch = epoch;
  return r;
}

struct Fixture : ::testing::Test {
  AccessHistory h;
  uint32_t region = h.addRegion(kBase, 256, 1, "win");
  std::vector<std::pair<ShadowRecord, uint8_t>> visited;
  std::function<void(const ShadowRecord &, Address, uint8_t)> onVisit =
      [this](const ShadowRecord &x, Address, uint8_t mask) { visited.emplace_back(x, mask); };
  std::function<bool(const ShadowRecord &)> allLive = [](const ShadowRecord &) { return true; };

  void insert(Address begin, Address end, ShadowRecord r) {
    h.insert(region, begin, end, r, onVisit, allLive);
  }
  void insertLocal(Address begin, Address end, ShadowRecord r) {
    h.insertLocal(h.region(region), begin, end, r, onVisit, allLive);
  }
  SetId cell(Address a) const { return AccessHistory::setAt(h.regions()[region], a); }
  const AccessSet &setAt(Address a) const { return h.set(cell(a)); }
};

using AccessHistoryTest = Fixture;

TEST_F(AccessHistoryTest, RegionHasOneCellPerGranule) {
  EXPECT_EQ(h.regions()[region].granules, 32u);
  // A block summary per kBlockGranules cells; no cells until a block is mixed.
  EXPECT_EQ(h.cellBytes(), 1u * sizeof(SetId));
  EXPECT_EQ(h.find(kBase + 255), &h.region(region));
  EXPECT_EQ(h.find(kBase + 256), nullptr);
  EXPECT_EQ(h.find(kBase - 1), nullptr);
  EXPECT_EQ(cell(kBase), kEmptySet);
}

TEST_F(AccessHistoryTest, UnalignedRegionsCoverTheirFirstAndLastGranule) {
  uint32_t other = h.addRegion(0x20004, 8, 2, "odd"); // bytes 4..11 of two granules
  EXPECT_EQ(h.regions()[other].base, 0x20000u);
  EXPECT_EQ(h.regions()[other].granules, 2u);
  EXPECT_EQ(h.regions()[other].userBase, 0x20004u);
}

TEST_F(AccessHistoryTest, IdenticalHistoriesShareOneSet) {
  insert(kBase, kBase + 64, local(RecordKind::Store, 1, 1)); // 8 granules, same record
  EXPECT_NE(cell(kBase), kEmptySet);
  for (Address g = kBase; g < kBase + 64; g += kGranule) EXPECT_EQ(cell(g), cell(kBase));
  EXPECT_EQ(h.liveSetCount(), 2u); // the empty set and the shared one
  EXPECT_EQ(cell(kBase + 64), kEmptySet);
}

TEST_F(AccessHistoryTest, ByteMasksKeepRangesExact) {
  insert(kBase + 2, kBase + 6, local(RecordKind::Load, 1, 1));
  ASSERT_EQ(setAt(kBase).size(), 1u);
  EXPECT_EQ(setAt(kBase)[0].mask, 0x3C); // bytes 2..5 of the granule
  // Straddling a granule boundary: bytes 6, 7 of the first and 0, 1 of the second granule.
  insert(kBase + 14, kBase + 18, local(RecordKind::Load, 2, 1));
  EXPECT_EQ(setAt(kBase + 8)[0].mask, 0xC0);
  EXPECT_EQ(setAt(kBase + 16)[0].mask, 0x03);
}

TEST_F(AccessHistoryTest, SameSubjectAndEpochMergesMasks) {
  insert(kBase, kBase + 2, local(RecordKind::Store, 1, 1));
  insert(kBase + 4, kBase + 6, local(RecordKind::Store, 1, 1));
  ASSERT_EQ(setAt(kBase).size(), 1u);
  EXPECT_EQ(setAt(kBase)[0].mask, 0x33);
}

TEST_F(AccessHistoryTest, DifferentSubjectsAndKindsAreSeparateRecords) {
  insert(kBase, kBase + 8, local(RecordKind::Store, 1, 1));
  insert(kBase, kBase + 8, local(RecordKind::Store, 2, 1));
  insert(kBase, kBase + 8, local(RecordKind::Load, 1, 1));
  EXPECT_EQ(setAt(kBase).size(), 3u);
}

TEST_F(AccessHistoryTest, NewerEpochSupersedesOlderOfTheSameLocationAndKind) {
  insert(kBase, kBase + 8, local(RecordKind::Store, 1, 1));
  insert(kBase, kBase + 8, local(RecordKind::Store, 1, 2));
  ASSERT_EQ(setAt(kBase).size(), 1u);
  EXPECT_EQ(setAt(kBase)[0].epoch, 2u);
  // Partly: the older epoch keeps the bytes the newer access did not touch.
  insert(kBase + 8, kBase + 16, local(RecordKind::Store, 1, 2));
  insert(kBase + 8, kBase + 12, local(RecordKind::Store, 1, 3));
  const AccessSet &s = setAt(kBase + 8);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].epoch, 2u);
  EXPECT_EQ(s[0].mask, 0xF0);
  EXPECT_EQ(s[1].epoch, 3u);
  EXPECT_EQ(s[1].mask, 0x0F);
}

TEST_F(AccessHistoryTest, RemoteRecordsAreNeverSuperseded) {
  insert(kBase, kBase + 8, local(RecordKind::Remote, 1, 0));
  insert(kBase, kBase + 8, local(RecordKind::Remote, 2, 0));
  EXPECT_EQ(setAt(kBase).size(), 2u);
}

TEST_F(AccessHistoryTest, VisitorSeesOnlyOverlappingRecords) {
  insert(kBase, kBase + 4, local(RecordKind::Remote, 7, 0));
  visited.clear();
  insert(kBase + 4, kBase + 8, local(RecordKind::Load, 1, 1)); // disjoint bytes
  EXPECT_TRUE(visited.empty());
  insert(kBase + 2, kBase + 6, local(RecordKind::Load, 2, 1));
  ASSERT_EQ(visited.size(), 2u); // the first load and the remote record, each on their overlap
  EXPECT_EQ(visited[0].first.kind, RecordKind::Load);
  EXPECT_EQ(visited[0].first.subject, 1u);
  EXPECT_EQ(visited[0].second, 0x30);
  EXPECT_EQ(visited[1].first.kind, RecordKind::Remote);
  EXPECT_EQ(visited[1].second, 0x0C);
  // visit() reports the same without changing anything.
  visited.clear();
  SetId before = cell(kBase);
  h.visit(region, kBase, kBase + 1, onVisit);
  ASSERT_EQ(visited.size(), 1u);
  EXPECT_EQ(visited[0].first.kind, RecordKind::Remote);
  EXPECT_EQ(cell(kBase), before);
}

TEST_F(AccessHistoryTest, DeadRecordsAreDroppedOnUpdate) {
  insert(kBase, kBase + 8, local(RecordKind::Store, 1, 1));
  insert(kBase, kBase + 8, local(RecordKind::Remote, 9, 0));
  std::function<bool(const ShadowRecord &)> fromEpoch2 = [](const ShadowRecord &r) {
    return r.kind == RecordKind::Remote || r.epoch >= 2;
  };
  h.insert(region, kBase, kBase + 8, local(RecordKind::Load, 2, 2), onVisit, fromEpoch2);
  const AccessSet &s = setAt(kBase);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].kind, RecordKind::Load);
  EXPECT_EQ(s[1].kind, RecordKind::Remote);
}

TEST_F(AccessHistoryTest, TransitionCacheSkipsTheVisitOfARepeatedAccess) {
  insert(kBase, kBase + 16, local(RecordKind::Remote, 7, 0)); // both granules: same set
  visited.clear();
  insertLocal(kBase, kBase + 8, local(RecordKind::Load, 1, 1));
  EXPECT_EQ(visited.size(), 1u); // computed: the remote record was visited
  insertLocal(kBase + 8, kBase + 16, local(RecordKind::Load, 1, 1));
  EXPECT_EQ(visited.size(), 1u); // same transition from the same set: a cache hit
  EXPECT_EQ(cell(kBase + 8), cell(kBase));
  insertLocal(kBase, kBase + 8, local(RecordKind::Load, 1, 1));
  std::size_t computed = visited.size();
  EXPECT_GT(computed, 1u); // from the new set: computed once ...
  insertLocal(kBase, kBase + 8, local(RecordKind::Load, 1, 1));
  EXPECT_EQ(visited.size(), computed); // ... then cached
  h.newGeneration();                   // a new epoch invalidates the cache
  insertLocal(kBase, kBase + 8, local(RecordKind::Load, 1, 1));
  EXPECT_GT(visited.size(), computed);
}

TEST_F(AccessHistoryTest, RangeOverRunsOfEqualHistoriesStaysExact) {
  insert(kBase, kBase + 64, local(RecordKind::Remote, 7, 0));      // granules 0-7: one set
  insert(kBase + 32, kBase + 40, local(RecordKind::Remote, 8, 0)); // granule 4 differs
  visited.clear();
  insertLocal(kBase + 4, kBase + 100, local(RecordKind::Load, 1, 1));
  // Granule 0 (partial) and granule 1 (full, a new mask) are computed and visit the remote
  // record, granules 2 and 3 follow granule 1's run, granule 4 visits both its records, 5 to 7
  // repeat granule 1's transition, 8 to 11 had no records and 12 is partial again.
  EXPECT_EQ(visited.size(), 4u);
  EXPECT_EQ(setAt(kBase).front().mask, 0xF0); // loads sort before remote records
  for (Address g : {kBase + 16, kBase + 24, kBase + 40, kBase + 48, kBase + 56})
    EXPECT_EQ(cell(g), cell(kBase + 8)) << "granule at +" << g - kBase;
  ASSERT_EQ(setAt(kBase + 32).size(), 3u); // two remote records and the load
  ASSERT_EQ(setAt(kBase + 8).size(), 2u);
  EXPECT_EQ(setAt(kBase + 8)[0].mask, 0xFF);
  for (Address g = kBase + 64; g < kBase + 96; g += kGranule) {
    ASSERT_EQ(setAt(g).size(), 1u);
    EXPECT_EQ(setAt(g)[0].mask, 0xFF);
  }
  ASSERT_EQ(setAt(kBase + 96).size(), 1u);
  EXPECT_EQ(setAt(kBase + 96)[0].mask, 0x0F); // bytes 96..99
  EXPECT_EQ(cell(kBase + 104), kEmptySet);
}

TEST_F(AccessHistoryTest, CollectionReclaimsUnreferencedSets) {
  // Every epoch's store makes a new set for the whole region; the old ones lose their cells.
  for (Epoch e = 1; e <= 5000; ++e) insert(kBase, kBase + 256, local(RecordKind::Store, 1, e));
  EXPECT_GT(h.liveSetCount(), 5000u);
  EXPECT_TRUE(h.shouldCollect());
  std::size_t bytesBefore = h.setBytes();
  std::vector<ShadowRecord> marked;
  std::function<void(const ShadowRecord &)> mark = [&](const ShadowRecord &r) {
    marked.push_back(r);
  };
  h.collect(mark, allLive);
  EXPECT_EQ(h.liveSetCount(), 2u); // the empty set and the set of the last store
  EXPECT_LT(h.setBytes(), bytesBefore);
  ASSERT_EQ(marked.size(), 1u);
  EXPECT_EQ(marked[0].epoch, 5000u);
  EXPECT_FALSE(h.shouldCollect());
  // Freed sets are reused.
  insert(kBase, kBase + 8, local(RecordKind::Load, 3, 5000));
  EXPECT_EQ(h.liveSetCount(), 3u);
}

TEST_F(AccessHistoryTest, CollectionDropsDeadRecords) {
  insert(kBase, kBase + 8, local(RecordKind::Store, 1, 1));
  insert(kBase, kBase + 8, local(RecordKind::Load, 2, 3));
  std::function<bool(const ShadowRecord &)> fromEpoch2 = [](const ShadowRecord &r) {
    return r.epoch >= 2;
  };
  std::function<void(const ShadowRecord &)> mark = [](const ShadowRecord &) {};
  h.collect(mark, fromEpoch2);
  ASSERT_EQ(setAt(kBase).size(), 1u);
  EXPECT_EQ(setAt(kBase)[0].kind, RecordKind::Load);
}

TEST_F(AccessHistoryTest, RemovedRegionsAreNotFound) {
  h.removeRegion(region);
  EXPECT_EQ(h.find(kBase), nullptr);
  uint32_t again = h.addRegion(0x30000, 16, 3, "again");
  EXPECT_EQ(again, region); // the index is reused
  EXPECT_NE(h.find(0x30000), nullptr);
}

// ---- Block summaries: a block of cells that all hold one set is one entry ----------------------

struct Blocks : ::testing::Test {
  static constexpr uint64_t kBlockBytes = kBlockGranules * kGranule;
  AccessHistory h;
  uint32_t region = h.addRegion(kBase, 4 * kBlockBytes, 1, "win");
  std::vector<Address> visitedAt;
  std::function<void(const ShadowRecord &, Address, uint8_t)> onVisit =
      [this](const ShadowRecord &, Address granule, uint8_t) { visitedAt.push_back(granule); };
  std::function<bool(const ShadowRecord &)> allLive = [](const ShadowRecord &) { return true; };
  const ShadowRegion &r() { return h.regions()[region]; }
};

TEST_F(Blocks, ARangeOverWholeBlocksLeavesThemSummarised) {
  h.insertLocal(h.region(region), kBase, kBase + 2 * kBlockBytes, local(RecordKind::Store, 1, 1),
                onVisit, allLive);
  EXPECT_FALSE(isMixedBlock(r().blocks[0]));
  EXPECT_EQ(r().blocks[0], r().blocks[1]);
  EXPECT_EQ(r().blocks[2], kEmptySet);
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 2 * kBlockBytes - 1), r().blocks[0]);
}

TEST_F(Blocks, OneGranuleChangedAloneExpandsItsBlock) {
  h.insertLocal(h.region(region), kBase, kBase + kBlockBytes, local(RecordKind::Store, 1, 1),
                onVisit, allLive);
  SetId whole = r().blocks[0];
  h.insertLocal(h.region(region), kBase + 80, kBase + 84, local(RecordKind::Load, 2, 1), onVisit,
                allLive);
  EXPECT_TRUE(isMixedBlock(r().blocks[0]));
  EXPECT_EQ(r().chunks.inUse(), 1u);
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 72), whole);
  EXPECT_NE(AccessHistory::setAt(r(), kBase + 80), whole);
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 88), whole);
  // Covered whole again, with equal cells, it is summarised again.
  h.insertLocal(h.region(region), kBase, kBase + kBlockBytes, local(RecordKind::Store, 3, 2),
                onVisit, allLive);
  h.insertLocal(h.region(region), kBase, kBase + kBlockBytes, local(RecordKind::Load, 2, 2),
                onVisit, allLive);
  h.insertLocal(h.region(region), kBase + 80, kBase + 88, local(RecordKind::Load, 2, 2), onVisit,
                allLive);
  h.insert(region, kBase, kBase + kBlockBytes, local(RecordKind::Remote, 9, 0), onVisit, allLive);
  EXPECT_FALSE(isMixedBlock(r().blocks[0]));
  EXPECT_EQ(r().chunks.inUse(), 0u); // its cells were released
}

// A plain access of a few granules inside a mixed block (a 24-byte record read after a
// synchronisation) changes its cells directly: the granules that hold the same set take one
// transition, and a granule with another history, here a remote write on the last one only, is
// visited and keeps its record.
TEST_F(Blocks, ASmallAccessInAMixedBlockVisitsEachDistinctHistory) {
  h.insertLocal(h.region(region), kBase, kBase + kBlockBytes, local(RecordKind::Store, 1, 1),
                onVisit, allLive);
  h.insert(region, kBase + 40, kBase + 44, local(RecordKind::Remote, 9, 0), onVisit, allLive);
  ASSERT_TRUE(isMixedBlock(r().blocks[0]));
  SetId stored = AccessHistory::setAt(r(), kBase + 24);
  visitedAt.clear();
  h.insertLocal(h.region(region), kBase + 24, kBase + 48, local(RecordKind::Load, 2, 2), onVisit,
                allLive);
  // The first granule's transition was computed (its store visited), the second took it from the
  // first, the third holds the remote write and was computed too.
  EXPECT_EQ(visitedAt, (std::vector<Address>{kBase + 24, kBase + 40, kBase + 40}));
  SetId loaded = AccessHistory::setAt(r(), kBase + 24);
  EXPECT_NE(loaded, stored);
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 32), loaded);
  EXPECT_EQ(h.set(AccessHistory::setAt(r(), kBase + 40)).size(), 3u); // store, remote, load
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 16), stored);           // untouched neighbours
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 48), stored);
  // A partial granule at each end: byte masks, as granule by granule.
  h.insertLocal(h.region(region), kBase + 4, kBase + 12, local(RecordKind::Store, 3, 2), onVisit,
                allLive);
  auto maskOf3 = [&](Address g) {
    for (const ShadowRecord &x : h.set(AccessHistory::setAt(r(), g)))
      if (x.subject == 3) return x.mask;
    return uint8_t{0};
  };
  EXPECT_EQ(maskOf3(kBase), 0xF0);
  EXPECT_EQ(maskOf3(kBase + 8), 0x0F);
  EXPECT_EQ(maskOf3(kBase + 16), 0);
}

// A range over blocks that share a summary updates them as one run; a block with another history
// in between is visited and keeps its own records, and a block the range ends in takes cells.
TEST_F(Blocks, ARunOfEqualBlocksTakesOneTransition) {
  h.insertLocal(h.region(region), kBase, kBase + 4 * kBlockBytes, local(RecordKind::Store, 1, 1),
                onVisit, allLive);
  SetId stored = r().blocks[0];
  h.insert(region, kBase + 2 * kBlockBytes, kBase + 3 * kBlockBytes,
           local(RecordKind::Remote, 9, 0), onVisit, allLive);
  visitedAt.clear();
  Address end = kBase + 3 * kBlockBytes + kBlockBytes / 2;
  h.insertLocal(h.region(region), kBase, end, local(RecordKind::Load, 2, 2), onVisit, allLive);
  EXPECT_EQ(r().blocks[0], r().blocks[1]);
  EXPECT_EQ(h.set(r().blocks[0]).size(), 2u); // the store and the load
  EXPECT_FALSE(isMixedBlock(r().blocks[2]));
  EXPECT_EQ(h.set(r().blocks[2]).size(), 3u); // and the remote access
  EXPECT_TRUE(isMixedBlock(r().blocks[3]));
  EXPECT_EQ(AccessHistory::setAt(r(), end - kGranule), r().blocks[0]);
  EXPECT_EQ(AccessHistory::setAt(r(), end), stored);
  std::vector<Address> blocksVisited;
  for (Address g : visitedAt)
    if (blocksVisited.empty() || blocksVisited.back() != g) blocksVisited.push_back(g);
  EXPECT_EQ(blocksVisited, (std::vector<Address>{kBase, kBase + 2 * kBlockBytes}));
}

// A loop that fills block after block granule by granule (a column band of a matrix) mixes each
// block for a while: the cells of blocks that agree again are reused, so the cells in memory are
// those of a few blocks, not of the region.
TEST(Chunks, BlocksFilledOneAfterAnotherReuseTheirCells) {
  constexpr std::size_t kBlocks = 1000;
  constexpr uint64_t kBytesPerBlock = kBlockGranules * kGranule;
  AccessHistory h;
  uint32_t region = h.addRegion(kBase, kBlocks * kBytesPerBlock, 1, "win");
  std::function<void(const ShadowRecord &, Address, uint8_t)> ignore = [](const ShadowRecord &,
                                                                          Address, uint8_t) {};
  std::function<bool(const ShadowRecord &)> live = [](const ShadowRecord &) { return true; };
  for (Address g = kBase; g < kBase + kBlocks * kBytesPerBlock; g += kGranule)
    h.insertLocal(h.region(region), g, g + kGranule, local(RecordKind::Store, 1, 1), ignore, live);
  const ShadowRegion &r = h.regions()[region];
  SetId stored = AccessHistory::setAt(r, kBase);
  EXPECT_EQ(h.set(stored).size(), 1u);
  for (Address g = kBase; g < kBase + kBlocks * kBytesPerBlock; g += kGranule)
    ASSERT_EQ(AccessHistory::setAt(r, g), stored) << "granule " << (g - kBase) / kGranule;
  EXPECT_LE(r.chunks.handedOut(), 2 * kMinCompactChunks);
  EXPECT_LT(h.cellBytes(), kBlocks * kBytesPerBlock / kGranule * sizeof(SetId) / 4);
}

TEST_F(AccessHistoryTest, AVisitOfEqualGranulesVisitsTheFirstOnly) {
  insert(kBase, kBase + 256, local(RecordKind::Store, 1, 1));
  visited.clear();
  std::vector<Address> at;
  std::function<void(const ShadowRecord &, Address, uint8_t)> where =
      [&](const ShadowRecord &, Address granule, uint8_t) { at.push_back(granule); };
  h.visit(region, kBase + 4, kBase + 256, where); // a partial first granule, then 31 whole
  EXPECT_EQ(at, (std::vector<Address>{kBase, kBase + 8}));
}

TEST_F(Blocks, AUniformBlockIsVisitedOnce) {
  h.insert(region, kBase, kBase + 4 * kBlockBytes, local(RecordKind::Remote, 7, 0), onVisit,
           allLive);
  visitedAt.clear();
  h.visit(region, kBase + 8, kBase + 4 * kBlockBytes, onVisit);
  EXPECT_EQ(visitedAt, (std::vector<Address>{kBase + 8}));
}

// A part of a uniform block updated with what it already holds (a repeated access, a filter that
// drops nothing, rows of a column) takes no cells.
TEST_F(Blocks, UpdatesThatChangeNothingLeaveAUniformBlockUniform) {
  h.insertLocal(h.region(region), kBase, kBase + kBlockBytes, local(RecordKind::Store, 1, 1),
                onVisit, allLive);
  SetId whole = r().blocks[0];
  h.insertLocal(h.region(region), kBase + 8, kBase + 100, local(RecordKind::Store, 1, 1), onVisit,
                allLive);
  h.insertLocalRows(h.region(region), kBase + 16, 8, 64, 4, local(RecordKind::Store, 1, 1), onVisit,
                    allLive);
  h.filter(region, kBase + 24, kBase + 40, allLive);
  EXPECT_EQ(r().blocks[0], whole);
  EXPECT_EQ(r().chunks.inUse(), 0u);
  // A change in part of it does take cells.
  h.insertLocal(h.region(region), kBase + 8, kBase + 16, local(RecordKind::Store, 1, 2), onVisit,
                allLive);
  EXPECT_TRUE(isMixedBlock(r().blocks[0]));
}

TEST_F(Blocks, FilteringPartOfAUniformBlockKeepsTheRestOfIt) {
  h.insert(region, kBase, kBase + kBlockBytes, local(RecordKind::Remote, 7, 0), onVisit, allLive);
  std::function<bool(const ShadowRecord &)> dropAll = [](const ShadowRecord &) { return false; };
  h.filter(region, kBase + 16, kBase + 24, dropAll);
  EXPECT_EQ(AccessHistory::setAt(r(), kBase + 16), kEmptySet);
  EXPECT_EQ(h.set(AccessHistory::setAt(r(), kBase + 8)).size(), 1u);
  EXPECT_EQ(h.set(AccessHistory::setAt(r(), kBase + 24)).size(), 1u);
}

TEST_F(Blocks, CollectionKeepsTheSetsOfSummarisedBlocks) {
  h.insert(region, kBase, kBase + 4 * kBlockBytes, local(RecordKind::Remote, 7, 0), onVisit,
           allLive);
  std::function<void(const ShadowRecord &)> mark = [](const ShadowRecord &) {};
  h.collect(mark, allLive);
  EXPECT_EQ(h.liveSetCount(), 2u); // the empty set and the blocks' set
  EXPECT_EQ(h.set(AccessHistory::setAt(r(), kBase + 4 * kBlockBytes - 8)).size(), 1u);
}

// Whatever mix of ranges and single granules updates a region, every granule ends with the set
// it gets when every update is made granule by granule (which summarises a block only when
// compacting).
void expectRangesToEndWithTheSetsOfGranuleByGranuleUpdates(uint64_t kBytes, int operations,
                                                           bool compacts) {
  constexpr Address kStart = kBase + 4; // a partial first granule
  AccessHistory ranges, granules;
  uint32_t a = ranges.addRegion(kStart, kBytes, 1, "win");
  uint32_t b = granules.addRegion(kStart, kBytes, 1, "win");
  std::function<void(const ShadowRecord &, Address, uint8_t)> ignore = [](const ShadowRecord &,
                                                                          Address, uint8_t) {};
  std::mt19937 random(12345);
  auto pick = [&](uint64_t n) { return std::uniform_int_distribution<uint64_t>(0, n - 1)(random); };
  Epoch epoch = 1;
  int summarisedAtSomePoint = 0;
  for (int op = 0; op < operations; ++op) {
    Address begin = kStart + pick(kBytes);
    Address end = std::min(kStart + kBytes, begin + 1 + pick(op % 3 == 0 ? 2500 : 20));
    uint32_t subject = static_cast<uint32_t>(pick(3));
    if (pick(8) == 0) ++epoch;
    if (pick(6) == 0) { // a collection-like drop of one subject's records
      std::function<bool(const ShadowRecord &)> keep = [&](const ShadowRecord &x) {
        return x.subject != subject;
      };
      ranges.filter(a, begin, end, keep);
      for (Address g = begin; g < end; g = (g & ~(kGranule - 1)) + kGranule)
        granules.filter(b, g, std::min(end, (g & ~(kGranule - 1)) + kGranule), keep);
      continue;
    }
    std::function<bool(const ShadowRecord &)> live = [](const ShadowRecord &) { return true; };
    RecordKind kind = std::array{RecordKind::Load, RecordKind::Store, RecordKind::Remote}[pick(3)];
    ShadowRecord record = local(kind, subject, kind == RecordKind::Remote ? 0 : epoch);
    for (Address g = begin; g < end; g = (g & ~(kGranule - 1)) + kGranule) {
      Address to = std::min(end, (g & ~(kGranule - 1)) + kGranule);
      if (kind == RecordKind::Remote)
        granules.insert(b, g, to, record, ignore, live);
      else
        granules.insertLocal(granules.region(b), g, to, record, ignore, live);
    }
    if (kind == RecordKind::Remote)
      ranges.insert(a, begin, end, record, ignore, live);
    else
      ranges.insertLocal(ranges.region(a), begin, end, record, ignore, live);
    for (Address g = kStart & ~(kGranule - 1); g < kStart + kBytes; g += kGranule)
      ASSERT_EQ(ranges.set(AccessHistory::setAt(ranges.regions()[a], g)),
                granules.set(AccessHistory::setAt(granules.regions()[b], g)))
          << "operation " << op << " granule " << (g - kBase);
    for (SetId block : ranges.regions()[a].blocks)
      summarisedAtSomePoint += !isMixedBlock(block) && block != kEmptySet;
  }
  EXPECT_GT(summarisedAtSomePoint, 0); // the ranges did summarise blocks of records
  // A compaction sets the next one's threshold (it starts at the floor).
  EXPECT_EQ(ranges.regions()[a].compactAt != kMinCompactChunks, compacts);
}

TEST(BlockSummaries, RangesEndWithTheSetsOfGranuleByGranuleUpdates) {
  expectRangesToEndWithTheSetsOfGranuleByGranuleUpdates(8000, 400, false);
}

// The same where enough blocks are mixed at once for their cells to be compacted.
TEST(BlockSummaries, RangesEndWithTheSetsOfGranuleByGranuleUpdatesWhileCompacting) {
  expectRangesToEndWithTheSetsOfGranuleByGranuleUpdates(160 * kBlockGranules * kGranule, 600, true);
}

} // namespace
} // namespace rmarace
