// AccessHistory: interned record sets per 8-byte granule, byte masks, superseding of older
// epochs, liveness, the transition cache and the collection of stale sets.
#include "rmarace/core/history.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
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
  SetId cell(Address a) const {
    const ShadowRegion &r = h.regions()[region];
    return r.cells[(a - r.base) / kGranule];
  }
  const AccessSet &setAt(Address a) const { return h.set(cell(a)); }
};

using AccessHistoryTest = Fixture;

TEST_F(AccessHistoryTest, RegionHasOneCellPerGranule) {
  EXPECT_EQ(h.regions()[region].cells.size(), 32u);
  EXPECT_EQ(h.cellBytes(), 32u * sizeof(SetId)); // 4 bytes of cell per 8 bytes of memory
  EXPECT_EQ(h.find(kBase + 255), &h.region(region));
  EXPECT_EQ(h.find(kBase + 256), nullptr);
  EXPECT_EQ(h.find(kBase - 1), nullptr);
  EXPECT_EQ(cell(kBase), kEmptySet);
}

TEST_F(AccessHistoryTest, UnalignedRegionsCoverTheirFirstAndLastGranule) {
  uint32_t other = h.addRegion(0x20004, 8, 2, "odd"); // bytes 4..11 of two granules
  EXPECT_EQ(h.regions()[other].base, 0x20000u);
  EXPECT_EQ(h.regions()[other].cells.size(), 2u);
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

} // namespace
} // namespace rmarace
