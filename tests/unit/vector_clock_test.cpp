// VectorClock (dissertation 3.1, Defs. 3.2 and 3.3, Thm. 3.1).
#include "rmarace/core/vector_clock.h"

#include <gtest/gtest.h>

namespace rmarace {
namespace {

TEST(VectorClock, StartsAtZero) {
  VectorClock v(3);
  EXPECT_EQ(v.size(), 3u);
  for (Rank r = 0; r < 3; ++r) EXPECT_EQ(v[r], 0u);
  EXPECT_EQ(VectorClock().size(), 0u);
}

TEST(VectorClock, TickAndSet) {
  VectorClock v(2);
  EXPECT_EQ(v.tick(1), 1u);
  EXPECT_EQ(v.tick(1), 2u);
  v.set(0, 7);
  EXPECT_EQ(v, VectorClock(std::vector<Epoch>{7, 2}));
}

TEST(VectorClock, MergeIsElementWiseMaximumAndReportsGrowth) {
  VectorClock a(std::vector<Epoch>{1, 5, 0});
  VectorClock b(std::vector<Epoch>{3, 2, 0});
  EXPECT_TRUE(a.merge(b));
  EXPECT_EQ(a, VectorClock(std::vector<Epoch>{3, 5, 0}));
  EXPECT_FALSE(a.merge(b)); // nothing new
  EXPECT_FALSE(a.merge(VectorClock(3)));
}

TEST(VectorClock, LessOrEqualIsElementWise) {
  VectorClock a(std::vector<Epoch>{1, 2, 3});
  EXPECT_TRUE(a.lessOrEqual(a));
  EXPECT_TRUE(a.lessOrEqual(VectorClock(std::vector<Epoch>{1, 3, 3})));
  EXPECT_FALSE(a.lessOrEqual(VectorClock(std::vector<Epoch>{1, 3, 2})));
}

// Thm. 3.1 with the values of Fig. 3.1.
TEST(VectorClock, HappenedBeforeAndConcurrencyOfFigure3_1) {
  auto hb = [](const VectorClock &a, const VectorClock &b) {
    return a.lessOrEqual(b) && !(a == b);
  };
  VectorClock e00(std::vector<Epoch>{1, 0, 0}), e11(std::vector<Epoch>{1, 1, 0});
  VectorClock e21(std::vector<Epoch>{1, 2, 2}), e02(std::vector<Epoch>{0, 0, 1});
  VectorClock e10(std::vector<Epoch>{2, 0, 0});
  EXPECT_TRUE(hb(e00, e11));
  EXPECT_TRUE(hb(e00, e21)); // transitive
  EXPECT_FALSE(hb(e02, e10));
  EXPECT_FALSE(hb(e10, e02)); // concurrent
}

TEST(VectorClock, EntriesViewAndMutation) {
  VectorClock v(3);
  v.mutableEntries()[2] = 9;
  ASSERT_EQ(v.entries().size(), 3u);
  EXPECT_EQ(v.entries()[2], 9u);
}

} // namespace
} // namespace rmarace
