// BatchLedger: the causal bookkeeping behind the delivery guarantee.
#include "rmarace/core/ledger.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace rmarace {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

TEST(BatchLedger, SendsAndReceivesAreCumulative) {
  BatchLedger l(0, 3);
  EXPECT_EQ(l.recordSend(1), 1u);
  EXPECT_EQ(l.recordSend(1), 2u);
  EXPECT_EQ(l.recordSend(2), 1u);
  EXPECT_EQ(l.sentTo(1), 2u);
  EXPECT_EQ(l.sentTo(0), 0u);
  l.recordReceive(2);
  EXPECT_EQ(l.receivedFrom(2), 1u);
  EXPECT_EQ(l.receivedFrom(1), 0u);
}

constexpr uint64_t kStream = 7;

TEST(BatchLedger, DeltaPerDestinationReportsEachChangeOnce) {
  BatchLedger l(0, 3);
  l.recordSend(1);
  EXPECT_THAT(l.deltaFor(2, kStream), ElementsAre(LedgerEntry{0, 1, 1}));
  EXPECT_THAT(l.deltaFor(2, kStream), IsEmpty()); // already told
  EXPECT_THAT(l.deltaFor(1, kStream), ElementsAre(LedgerEntry{0, 1, 1}));
  l.recordSend(1);
  EXPECT_THAT(l.deltaFor(2, kStream), ElementsAre(LedgerEntry{0, 1, 2}));
}

// Messages on different streams to one destination may be consumed in any order: a delta sent on
// one stream must not be left out of the next message on another.
TEST(BatchLedger, DeltasArePerStream) {
  BatchLedger l(0, 3);
  l.recordSend(1);
  EXPECT_THAT(l.deltaFor(1, 100), ElementsAre(LedgerEntry{0, 1, 1}));
  EXPECT_THAT(l.deltaFor(1, 200), ElementsAre(LedgerEntry{0, 1, 1}));
  EXPECT_THAT(l.deltaFor(1, 100), IsEmpty());
  EXPECT_THAT(l.all(), ElementsAre(LedgerEntry{0, 1, 1}));
}

TEST(BatchLedger, DeltaOmitsTheDestinationsOwnSends) {
  BatchLedger l(0, 3);
  l.learn(std::vector<LedgerEntry>{{2, 1, 4}});
  EXPECT_THAT(l.deltaFor(2, kStream), IsEmpty()); // rank 2 knows its own sends best
  EXPECT_THAT(l.deltaFor(1, kStream), ElementsAre(LedgerEntry{2, 1, 4}));
}

TEST(BatchLedger, LearnKeepsTheMaximumAndIgnoresClaimsAboutOwnSends) {
  BatchLedger l(0, 3);
  l.learn(std::vector<LedgerEntry>{{1, 2, 3}, {0, 2, 9}});
  l.learn(std::vector<LedgerEntry>{{1, 2, 1}}); // older knowledge
  EXPECT_THAT(l.column(2), ElementsAre(LedgerEntry{1, 2, 3}));
  EXPECT_EQ(l.sentTo(2), 0u);
}

TEST(BatchLedger, ChannelsHaveIndependentDeltas) {
  BatchLedger l(0, 4);
  l.recordSend(3);
  EXPECT_THAT(l.deltaForChannel(1), ElementsAre(LedgerEntry{0, 3, 1}));
  EXPECT_THAT(l.deltaForChannel(1), IsEmpty());
  EXPECT_THAT(l.deltaForChannel(2), ElementsAre(LedgerEntry{0, 3, 1}));
  l.learn(std::vector<LedgerEntry>{{2, 1, 5}});
  EXPECT_THAT(l.deltaForChannel(1), ElementsAre(LedgerEntry{2, 1, 5}));
}

TEST(BatchLedger, ShortfallPerOrigin) {
  BatchLedger l(0, 3);
  l.learn(std::vector<LedgerEntry>{{1, 0, 3}, {2, 0, 1}, {1, 2, 7}});
  BatchLedger::Shortfall s = l.shortfall();
  using Missing = std::pair<Rank, uint64_t>;
  EXPECT_THAT(s.perOrigin, UnorderedElementsAre(Missing{1, 3}, Missing{2, 1}));
  EXPECT_FALSE(s.groupUnmet);
  EXPECT_FALSE(l.satisfied());
  l.recordReceive(1);
  l.recordReceive(2);
  EXPECT_THAT(l.shortfall().perOrigin, ElementsAre(Missing{1, 2}));
  l.recordReceive(1);
  l.recordReceive(1);
  EXPECT_TRUE(l.satisfied());
}

TEST(BatchLedger, GroupRequirementsAreMetByAnyMember) {
  BatchLedger l(0, 4);
  l.requireFromGroup({1, 2}, 2);
  EXPECT_TRUE(l.shortfall().groupUnmet);
  EXPECT_TRUE(l.shortfall().perOrigin.empty());
  l.recordReceive(3); // not a member
  EXPECT_TRUE(l.shortfall().groupUnmet);
  l.recordReceive(2);
  l.recordReceive(2);
  EXPECT_FALSE(l.shortfall().groupUnmet);
  EXPECT_TRUE(l.satisfied());
  // A requirement already met when it is registered is dropped at once.
  l.requireFromGroup({2}, 1);
  EXPECT_TRUE(l.satisfied());
}

TEST(BatchLedger, ForgetAllDropsKnowledgeButKeepsDeltasMonotonic) {
  BatchLedger l(0, 3);
  l.learn(std::vector<LedgerEntry>{{1, 0, 3}});
  l.requireFromGroup({1, 2}, 5);
  EXPECT_FALSE(l.satisfied());
  l.forgetAll();
  EXPECT_TRUE(l.satisfied());
  EXPECT_THAT(l.column(0), IsEmpty());
  EXPECT_THAT(l.deltaFor(2, kStream), IsEmpty());
  // New knowledge after the reset is a delta again.
  l.learn(std::vector<LedgerEntry>{{1, 2, 4}});
  EXPECT_THAT(l.deltaFor(2, kStream), ElementsAre(LedgerEntry{1, 2, 4}));
  EXPECT_THAT(l.deltaFor(1, kStream), IsEmpty()); // rank 1 is the origin
}

TEST(BatchLedger, ColumnListsBatchesSentToOneTarget) {
  BatchLedger l(0, 3);
  l.recordSend(1);
  l.learn(std::vector<LedgerEntry>{{2, 1, 4}, {2, 0, 1}});
  EXPECT_THAT(l.column(1), UnorderedElementsAre(LedgerEntry{0, 1, 1}, LedgerEntry{2, 1, 4}));
}

} // namespace
} // namespace rmarace
