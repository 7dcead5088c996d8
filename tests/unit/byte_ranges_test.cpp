// ByteRanges: exact, merged, possibly strided byte ranges of an access.
#include "rmarace/core/byte_ranges.h"

#include <gtest/gtest.h>

namespace rmarace {
namespace {

std::vector<ByteRange> V(const ByteRanges &b) {
  return {b.ranges().begin(), b.ranges().end()};
}
std::vector<ByteRange> R(std::initializer_list<ByteRange> l) {
  return l;
}

TEST(ByteRanges, ContiguousConstructor) {
  ByteRanges b(8, 4);
  EXPECT_EQ(V(b), R({{8, 12}}));
  EXPECT_EQ(b.totalBytes(), 4u);
  EXPECT_EQ(b.lowest(), 8u);
  EXPECT_EQ(b.highest(), 12u);
  EXPECT_FALSE(b.empty());
}

TEST(ByteRanges, EmptyAndZeroSize) {
  ByteRanges b;
  EXPECT_TRUE(b.empty());
  b.add(5, 0);
  EXPECT_TRUE(b.empty());
  EXPECT_EQ(b.totalBytes(), 0u);
  EXPECT_FALSE(b.overlaps(0, 100));
}

TEST(ByteRanges, TouchingRangesMerge) {
  ByteRanges b;
  b.add(0, 4);
  b.add(4, 4);
  EXPECT_EQ(V(b), R({{0, 8}}));
}

TEST(ByteRanges, OverlappingRangesMerge) {
  ByteRanges b;
  b.add(0, 8);
  b.add(4, 8);
  EXPECT_EQ(V(b), R({{0, 12}}));
}

TEST(ByteRanges, OutOfOrderRangesAreSortedAndMerged) {
  ByteRanges b;
  b.add(8, 4);
  b.add(0, 4);
  EXPECT_EQ(V(b), R({{0, 4}, {8, 12}}));
  b.add(4, 4); // fills the gap
  EXPECT_EQ(V(b), R({{0, 12}}));
  b.add(20, 2);
  b.add(16, 2);
  EXPECT_EQ(V(b), R({{0, 12}, {16, 18}, {20, 22}}));
}

TEST(ByteRanges, StridedBlocksKeepTheirGaps) {
  ByteRanges b;
  b.addStrided(0, 4, 8, 4); // a vector of 4 ints with stride 2 ints
  EXPECT_EQ(V(b), R({{0, 4}, {8, 12}, {16, 20}, {24, 28}}));
  EXPECT_EQ(b.totalBytes(), 16u);
  EXPECT_EQ(b.lowest(), 0u);
  EXPECT_EQ(b.highest(), 28u);
}

TEST(ByteRanges, StridedBlocksWithoutGapsMerge) {
  ByteRanges b;
  b.addStrided(100, 4, 4, 3);
  EXPECT_EQ(V(b), R({{100, 112}}));
  ByteRanges overlapping;
  overlapping.addStrided(0, 8, 4, 3); // blocks overlap each other
  EXPECT_EQ(V(overlapping), R({{0, 16}}));
}

TEST(ByteRanges, Shifted) {
  ByteRanges b;
  b.addStrided(0, 2, 4, 2);
  EXPECT_EQ(V(b.shifted(100)), R({{100, 102}, {104, 106}}));
  EXPECT_EQ(b.shifted(100).shifted(-100), b);
}

// The example: a 4-byte access at byte 6 overlaps bytes 8..11, one at byte 4 does not.
TEST(ByteRanges, OverlapIsExactToTheByte) {
  ByteRanges put(8, 4);
  EXPECT_TRUE(put.overlaps(ByteRanges(6, 4)));
  EXPECT_FALSE(put.overlaps(ByteRanges(4, 4)));
  EXPECT_TRUE(put.overlaps(ByteRanges(11, 1)));
  EXPECT_FALSE(put.overlaps(ByteRanges(12, 4)));
  EXPECT_TRUE(put.overlaps(6, 10));
  EXPECT_FALSE(put.overlaps(4, 8));
  EXPECT_FALSE(put.overlaps(12, 16));
}

TEST(ByteRanges, StridedAccessDoesNotOverlapItsGaps) {
  ByteRanges vec;
  vec.addStrided(0, 4, 8, 4);
  EXPECT_FALSE(vec.overlaps(ByteRanges(4, 4)));
  EXPECT_FALSE(vec.overlaps(ByteRanges(12, 4)));
  EXPECT_TRUE(vec.overlaps(ByteRanges(14, 4)));
  ByteRanges odd;
  odd.addStrided(4, 4, 8, 4);
  EXPECT_FALSE(vec.overlaps(odd));
  EXPECT_FALSE(odd.overlaps(vec));
}

TEST(ByteRanges, FirstOverlap) {
  ByteRanges vec;
  vec.addStrided(0, 4, 8, 4);
  EXPECT_EQ(vec.firstOverlap(ByteRanges(6, 14)), (ByteRange{8, 12}));
  EXPECT_EQ(vec.firstOverlap(6, 20), (ByteRange{8, 12}));
  EXPECT_EQ(vec.firstOverlap(ByteRanges(2, 4)), (ByteRange{2, 4}));
  EXPECT_EQ(vec.firstOverlap(ByteRanges(4, 4)).size(), 0u);
  EXPECT_EQ(vec.firstOverlap(28, 40).size(), 0u);
}

// One range lives inline, more on the heap: copies, shifts and equality do not depend on where
// the ranges are, also when ranges merge back into one.
TEST(ByteRanges, OneRangeOrManyBehaveAlike) {
  ByteRanges one(0, 12);
  ByteRanges merged;
  merged.add(8, 4);
  merged.add(0, 4); // out of order: two ranges
  EXPECT_EQ(V(merged), R({{0, 4}, {8, 12}}));
  EXPECT_NE(merged, one);
  merged.add(4, 4); // fills the gap: one range again
  EXPECT_EQ(V(merged), R({{0, 12}}));
  EXPECT_EQ(merged, one);
  ByteRanges copy = one;
  copy.add(12, 4);
  EXPECT_EQ(V(copy), R({{0, 16}}));
  EXPECT_EQ(V(one), R({{0, 12}}));
  EXPECT_EQ(V(one.shifted(-4)), R({{static_cast<Address>(-4), 8}}));
  EXPECT_EQ(V(merged.shifted(4)), R({{4, 16}}));
  EXPECT_TRUE(ByteRanges().empty());
  EXPECT_EQ(ByteRanges(), ByteRanges(5, 0));
  EXPECT_EQ(one.lowest(), 0u);
  EXPECT_EQ(one.highest(), 12u);
}

} // namespace
} // namespace rmarace
