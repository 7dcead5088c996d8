// The model-neutral part of the nasty schedule (rmarace/runtime/nasty.h): the seeded issue order
// keeps every ordering it is given and permutes everything else; the split plan cuts whole
// elements on whole units.
#include "rmarace/runtime/nasty.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>

namespace rmarace::rt::nasty {
namespace {

std::vector<std::size_t> positions(const std::vector<std::size_t> &order) {
  std::vector<std::size_t> at(order.size());
  for (std::size_t slot = 0; slot < order.size(); ++slot) at[order[slot]] = slot;
  return at;
}

TEST(NastyIssueOrder, ProgramOrderWithoutShuffle) {
  std::mt19937_64 random(1);
  std::vector<OrderKeys> calls(5);
  EXPECT_EQ(issueOrder(random, calls, false), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(NastyIssueOrder, UnconstrainedCallsAreShuffled) {
  std::mt19937_64 random(7);
  std::vector<OrderKeys> calls(8);
  std::set<std::vector<std::size_t>> seen;
  for (int round = 0; round < 20; ++round) {
    std::vector<std::size_t> order = issueOrder(random, calls, true);
    std::vector<std::size_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    seen.insert(order);
  }
  EXPECT_GT(seen.size(), 15u);
}

TEST(NastyIssueOrder, ACallComesAfterTheEarlierCallsThatPublishedItsKey) {
  // Writes 0, 1 and 3 publish "writes to rank 5"; notification 2 waits for it (0 and 1 only:
  // write 3 came later); 4 publishes another key; notification 5 waits for that.
  constexpr uint64_t kWrites = 5, kOther = 9;
  std::vector<OrderKeys> calls(6);
  for (std::size_t i : {0, 1, 3}) calls[i].publishes[0] = kWrites;
  calls[2].after = kWrites;
  calls[4].publishes[1] = kOther;
  calls[5].after = kOther;
  bool thirdWriteOvertook = false, notificationsSwapped = false;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 random(seed);
    std::vector<std::size_t> at = positions(issueOrder(random, calls, true));
    EXPECT_LT(at[0], at[2]);
    EXPECT_LT(at[1], at[2]);
    EXPECT_LT(at[4], at[5]);
    thirdWriteOvertook |= at[3] < at[2];
    notificationsSwapped |= at[5] < at[2];
  }
  EXPECT_TRUE(thirdWriteOvertook);   // a later write is not held back by the notification
  EXPECT_TRUE(notificationsSwapped); // unrelated constraints do not order each other
}

TEST(NastyIssueOrder, AChainKeepsItsProgramOrder) {
  // MPI's ordered accumulates: each waits for and publishes the same key.
  std::vector<OrderKeys> calls(10);
  for (std::size_t i = 0; i < calls.size(); i += 2) calls[i].after = calls[i].publishes[0] = 3;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    std::mt19937_64 random(seed);
    std::vector<std::size_t> at = positions(issueOrder(random, calls, true));
    for (std::size_t i = 2; i < calls.size(); i += 2) EXPECT_LT(at[i - 2], at[i]);
  }
}

TEST(NastySplitPlan, ElementPiecesForSmallTransfers) {
  std::vector<Piece> pieces = splitPlan(4, 8, 8);
  ASSERT_EQ(pieces.size(), 4u);
  for (uint64_t i = 0; i < 4; ++i) {
    EXPECT_EQ(pieces[i].first, i);
    EXPECT_EQ(pieces[i].count, 1u);
  }
}

TEST(NastySplitPlan, NothingToSplit) {
  EXPECT_TRUE(splitPlan(1, 4, 4).empty());
  EXPECT_TRUE(splitPlan(0, 4, 4).empty());
  EXPECT_TRUE(splitPlan(2, 0, 4).empty());
  // Two ints on a displacement unit of 8 bytes: one piece would be all of it.
  EXPECT_TRUE(splitPlan(2, 4, 8).empty());
}

TEST(NastySplitPlan, PiecesStartOnWholeUnits) {
  // Ints on a unit of 8 bytes: pieces of two elements.
  std::vector<Piece> pieces = splitPlan(6, 4, 8);
  ASSERT_EQ(pieces.size(), 3u);
  for (const Piece &p : pieces) EXPECT_EQ(p.first * 4 % 8, 0u);
}

TEST(NastySplitPlan, LargeTransfersBecomeAtMostMaxPiecesChunks) {
  uint64_t count = 1000003;
  std::vector<Piece> pieces = splitPlan(count, 1, 1);
  EXPECT_LE(pieces.size(), kMaxPieces);
  uint64_t next = 0;
  for (const Piece &p : pieces) {
    EXPECT_EQ(p.first, next);
    next += p.count;
  }
  EXPECT_EQ(next, count);
}

} // namespace
} // namespace rmarace::rt::nasty
