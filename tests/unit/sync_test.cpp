// SyncState: the generalised vector clock exchange (3.3), next waits (Thm. 4.2) and the prune
// horizon of the access histories.
#include "rmarace/core/sync.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace rmarace {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using Clock = std::vector<Epoch>;

Clock entries(const SyncState &s) {
  return {s.clock().entries().begin(), s.clock().entries().end()};
}

GroupView world(int n) {
  GroupView g;
  for (Rank r = 0; r < n; ++r) g.members.push_back(r);
  return g;
}

TEST(SyncState, StartsAtEpochZero) {
  SyncState s(1, 3);
  EXPECT_EQ(s.self(), 1);
  EXPECT_EQ(s.worldSize(), 3);
  EXPECT_EQ(s.epoch(), 0u);
  EXPECT_EQ(entries(s), (Clock{0, 0, 0}));
  EXPECT_EQ(s.pruneHorizon(), 0u);
  // Alone in the world, nothing can ever arrive.
  EXPECT_EQ(SyncState(0, 1).pruneHorizon(), kEpochInfinity);
}

// What a release leaves on an object covers every event of the releasing thread before it (a
// thread library reuses a finished task's thread for a task that acquired that object).
TEST(SyncState, ReleasedComponentCoversTheReleasingThreadUpToTheRelease) {
  constexpr uint64_t kObject = 11, kOther = 12;
  constexpr ThreadId kTask = 1;
  SyncState s(0, 2);
  s.fork(kTask, kNoLocation);
  s.setCurrentThread(kTask);
  s.tick(kNoLocation); // an event of the task
  s.release(kObject, kNoLocation);
  EXPECT_EQ(s.released(kObject, {0, kTask}), s.epochOf(kTask));
  EXPECT_EQ(s.released(kOther, {0, kTask}), 0u);
  s.tick(kNoLocation); // a later event is not covered
  EXPECT_LT(s.released(kObject, {0, kTask}), s.epochOf(kTask));
}

// The fixed part of a collective contribution combines element-wise; with thread words, the
// components of threads 1 to T of every rank travel in it too (a non-blocking collective).
TEST(CollectiveContribution, FixedPartCarriesThreadComponentsWhenAsked) {
  constexpr std::size_t kThreadWords = 15;
  CollectiveContribution a, b;
  a.clock = VectorClock(std::vector<Epoch>{4, 1});
  a.clock.set(ClockSlot{0, 2}, 9);
  a.clock.set(ClockSlot{0, 16}, 3); // beyond the words: left out
  a.sentToMember = {0, 2};
  b.clock = VectorClock(std::vector<Epoch>{2, 6});
  b.clock.set(ClockSlot{1, 1}, 7);
  b.clock.set(ClockSlot{0, 2}, 5);
  b.sentToMember = {1, 0};
  std::vector<uint64_t> combined = b.packFixed(kThreadWords);
  std::vector<uint64_t> in = a.packFixed(kThreadWords);
  ASSERT_EQ(in.size(), combined.size());
  CollectiveContribution::combineFixed(in, combined);
  CollectiveContribution c = CollectiveContribution::unpackFixed(combined);
  EXPECT_EQ(c.clock.at(ClockSlot{0, 0}), 4u);
  EXPECT_EQ(c.clock.at(ClockSlot{1, 0}), 6u);
  EXPECT_EQ(c.clock.at(ClockSlot{0, 2}), 9u);
  EXPECT_EQ(c.clock.at(ClockSlot{1, 1}), 7u);
  EXPECT_EQ(c.clock.at(ClockSlot{0, 16}), 0u);
  EXPECT_THAT(c.sentToMember, ElementsAre(1u, 2u));
  // Without thread words only the initial threads' components travel in the fixed part.
  EXPECT_THAT(CollectiveContribution::unpackFixed(a.packFixed()).clock.threadEntries(), IsEmpty());
}

TEST(SyncState, TickStartsANewEpochAndRemembersItsSite) {
  SyncState s(0, 2);
  s.tick(41);
  s.tick(42);
  EXPECT_EQ(s.epoch(), 2u);
  EXPECT_EQ(s.siteOfEpoch(1), 41u);
  EXPECT_EQ(s.siteOfEpoch(2), 42u);
  EXPECT_EQ(s.siteOfEpoch(3), kNoLocation);
}

TEST(SyncState, TheSitesOfTheOldestEpochsAreDroppedBeyondTheBound) {
  // A process that never learns what others know of it cannot prune the sites of its epochs:
  // their number stays bounded, and a dropped one is known to be dropped.
  SyncState s(0, 2);
  const Epoch epochs = SyncState::kEpochSitesKept + 10;
  for (Epoch e = 1; e <= epochs; ++e) s.tick(static_cast<LocationHandle>(e));
  EXPECT_EQ(s.siteOfEpoch(epochs), epochs);
  EXPECT_EQ(s.siteOfEpoch(epochs - SyncState::kEpochSitesKept + 1),
            epochs - SyncState::kEpochSitesKept + 1);
  EXPECT_EQ(s.siteOfEpoch(10), kNoLocation);
  EXPECT_TRUE(s.siteForgotten(10));
  EXPECT_FALSE(s.siteForgotten(epochs));
}

TEST(SyncState, SignalAndWaitMergeClocks) {
  SyncState p0(0, 2), p1(1, 2);
  p0.tick(1);
  ClockPayload payload = p0.signalPayload(1, 0);
  EXPECT_EQ(payload.clock, VectorClock(std::vector<Epoch>{1, 0}));
  p1.tick(2);
  p1.absorb(0, payload);
  EXPECT_EQ(entries(p1), (Clock{1, 1}));
  std::vector<ClockSlot> grown;
  p1.takeAdvancedSlots(grown);
  EXPECT_THAT(grown, ElementsAre(ClockSlot{0, kInitialThread}));
  p1.takeAdvancedSlots(grown);
  EXPECT_THAT(grown, IsEmpty());
}

// A component that grows several times between two takes is taken once.
TEST(SyncState, AdvancedSlotsAreTakenOnce) {
  SyncState p0(0, 3), p1(1, 3), p2(2, 3);
  for (int round = 0; round < 3; ++round) {
    p0.tick(1);
    p2.tick(1);
    p1.absorb(0, p0.signalPayload(1, 0));
    p1.absorb(2, p2.signalPayload(1, 0));
  }
  std::vector<ClockSlot> grown;
  p1.takeAdvancedSlots(grown);
  EXPECT_THAT(grown, ElementsAre(ClockSlot{0, kInitialThread}, ClockSlot{2, kInitialThread}));
}

// The knowledge log is trimmed in steps of many entries: the epochs at which this process came to
// know each of the last 64 values of a component stay exact however long it runs.
TEST(SyncState, FirstEpochKnowingStaysExactOverLongRuns) {
  SyncState p0(0, 2), p1(1, 2);
  constexpr int kRounds = 1000, kRecent = 64;
  std::vector<std::pair<Epoch, Epoch>> learned; // (p0's epoch, p1's epoch when it learned it)
  for (int round = 1; round <= kRounds; ++round) {
    p0.tick(1);
    p1.tick(1);
    p1.absorb(0, p0.signalPayload(1, 0));
    learned.emplace_back(p0.epoch(), p1.epoch());
    p1.tick(1); // later epochs: a lost step would be answered with one of them
  }
  for (int back = 1; back <= kRecent; ++back) {
    auto [value, known] = learned[learned.size() - static_cast<std::size_t>(back)];
    EXPECT_EQ(p1.firstEpochKnowing(kInitialThread, ClockSlot{0, kInitialThread}, value), known);
  }
}

TEST(SyncState, SignalCarriesLedgerDeltas) {
  SyncState p0(0, 3), p2(2, 3);
  p0.ledger().recordSend(1);
  p0.tick(1);
  ClockPayload payload = p0.signalPayload(2, 0);
  EXPECT_THAT(payload.ledger, ElementsAre(LedgerEntry{0, 1, 1}));
  p2.tick(1);
  p2.absorb(0, payload);
  EXPECT_THAT(p2.ledger().column(1), ElementsAre(LedgerEntry{0, 1, 1}));
}

// Thm. 4.2 from the knowledge log: the first own epoch that knew rank's entry >= threshold.
TEST(SyncState, FirstEpochKnowingFollowsTheKnowledgeLog) {
  SyncState p1(1, 2);
  p1.tick(1); // epoch 1
  p1.absorb(0, ClockPayload{VectorClock(std::vector<Epoch>{2, 0}), {}});
  p1.tick(2); // epoch 2: nothing new
  p1.tick(3); // epoch 3
  p1.absorb(0, ClockPayload{VectorClock(std::vector<Epoch>{5, 0}), {}});
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{0, kInitialThread}, 1), 1u);
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{0, kInitialThread}, 2), 1u);
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{0, kInitialThread}, 3), 3u);
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{0, kInitialThread}, 5), 3u);
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{0, kInitialThread}, 6), kEpochInfinity);
  // For itself, the epoch that reaches the threshold.
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{1, kInitialThread}, 2), 2u);
  EXPECT_EQ(p1.firstEpochKnowing(ClockSlot{1, kInitialThread}, 4), kEpochInfinity);
}

TEST(SyncState, PruneHorizonIsTheMinimumOverPeers) {
  SyncState p0(0, 3);
  p0.tick(1);
  p0.tick(2);
  p0.tick(3); // epoch 3
  // Rank 1 waited for p0's epoch-2 signal: nothing it sends later starts before epoch 2.
  p0.tick(4);
  p0.absorb(1, ClockPayload{VectorClock(std::vector<Epoch>{2, 1, 0}), {}});
  p0.commitKnownBy();
  EXPECT_EQ(p0.pruneHorizon(), 0u); // rank 2 may still send anything
  p0.tick(5);
  p0.absorb(2, ClockPayload{VectorClock(std::vector<Epoch>{3, 0, 1}), {}});
  EXPECT_EQ(p0.pruneHorizon(), 0u); // staged until committed (after the wait's batches)
  p0.commitKnownBy();
  EXPECT_EQ(p0.pruneHorizon(), 2u);
}

// One step per collective, then the combined clock (3.3.2).
struct Group {
  std::vector<SyncState> members;
  explicit Group(int n) {
    for (Rank r = 0; r < n; ++r) members.emplace_back(r, n);
  }
  // Every member contributes (one tick each); returns the combination of `count` first
  // contributions (what the transport would hand to a member).
  std::vector<CollectiveContribution> contribute(const GroupView &g,
                                                 CollectiveKind kind = CollectiveKind::AllToAll) {
    std::vector<CollectiveContribution> out;
    for (Rank r : g.members) {
      members[static_cast<std::size_t>(r)].tick(100);
      out.push_back(members[static_cast<std::size_t>(r)].contribution(g, kind));
    }
    return out;
  }
  static CollectiveContribution combine(const std::vector<CollectiveContribution> &c,
                                        std::size_t count) {
    CollectiveContribution all = c[0];
    for (std::size_t i = 1; i < count; ++i) all.combine(c[i]);
    return all;
  }
};

TEST(SyncState, AllToAllGivesEveryoneTheSameClock) {
  Group g(3);
  g.members[0].tick(1); // rank 0 is ahead
  GroupView w = world(3);
  auto c = g.contribute(w);
  CollectiveContribution all = Group::combine(c, 3);
  for (Rank r = 0; r < 3; ++r) {
    SyncState &s = g.members[static_cast<std::size_t>(r)];
    s.absorbCollective(w, CollectiveKind::AllToAll, 0, all, s.epoch());
    EXPECT_EQ(entries(s), (Clock{2, 1, 1})) << r;
    EXPECT_TRUE(s.forgetPending()); // world-wide: the ledger can be cleared after draining
    s.commitKnownBy();
    EXPECT_FALSE(s.forgetPending());
  }
  // Whatever a member sends after the exchange starts no earlier than the epoch this process
  // contributed (the others know it now).
  EXPECT_EQ(g.members[0].pruneHorizon(), 2u);
  EXPECT_EQ(g.members[1].pruneHorizon(), 1u);
}

TEST(SyncState, AllToOneOnlyTheRootWaits) {
  Group g(3);
  GroupView w = world(3);
  auto c = g.contribute(w);
  CollectiveContribution all = Group::combine(c, 3);
  for (Rank r = 0; r < 3; ++r) {
    SyncState &s = g.members[static_cast<std::size_t>(r)];
    s.absorbCollective(w, CollectiveKind::AllToOne, 2, r == 2 ? all : c[r], s.epoch());
  }
  EXPECT_EQ(entries(g.members[0]), (Clock{1, 0, 0}));
  EXPECT_EQ(entries(g.members[1]), (Clock{0, 1, 0}));
  EXPECT_EQ(entries(g.members[2]), (Clock{1, 1, 1}));
}

TEST(SyncState, OneToAllOnlyTheNonRootsWait) {
  Group g(3);
  GroupView w = world(3);
  auto c = g.contribute(w);
  for (Rank r = 0; r < 3; ++r) {
    SyncState &s = g.members[static_cast<std::size_t>(r)];
    s.absorbCollective(w, CollectiveKind::OneToAll, 0, c[0], s.epoch());
  }
  EXPECT_EQ(entries(g.members[0]), (Clock{1, 0, 0}));
  EXPECT_EQ(entries(g.members[1]), (Clock{1, 1, 0}));
  EXPECT_EQ(entries(g.members[2]), (Clock{1, 0, 1}));
}

TEST(SyncState, ScanWaitsForTheRanksBefore) {
  Group g(3);
  GroupView w = world(3);
  auto c = g.contribute(w);
  for (Rank r = 0; r < 3; ++r) {
    SyncState &s = g.members[static_cast<std::size_t>(r)];
    s.absorbCollective(w, CollectiveKind::Scan, 0,
                       Group::combine(c, static_cast<std::size_t>(r) + 1), s.epoch());
  }
  EXPECT_EQ(entries(g.members[0]), (Clock{1, 0, 0}));
  EXPECT_EQ(entries(g.members[1]), (Clock{1, 1, 0}));
  EXPECT_EQ(entries(g.members[2]), (Clock{1, 1, 1}));
}

// Fig. 3.5: a sub-group exchange carries the entries of non-members.
TEST(SyncState, SubgroupAllToAllCarriesNonMemberEntries) {
  Group g(4);
  // Rank 0 learned rank 3's entry 2 before the exchange.
  g.members[0].absorb(3, ClockPayload{VectorClock(std::vector<Epoch>{0, 0, 0, 2}), {}});
  GroupView sub{{0, 1, 2}, 1};
  auto c = g.contribute(sub);
  CollectiveContribution all = Group::combine(c, 3);
  for (Rank r = 0; r < 3; ++r) {
    SyncState &s = g.members[static_cast<std::size_t>(r)];
    s.absorbCollective(sub, CollectiveKind::AllToAll, 0, all, s.epoch());
    EXPECT_EQ(s.clock()[3], 2u) << r;
    EXPECT_FALSE(s.forgetPending()); // not world-wide
  }
}

// Collectives carry how many batches the members sent to each member.
TEST(SyncState, CollectivesRequireTheBatchesMembersSent) {
  Group g(3);
  g.members[1].ledger().recordSend(0);
  g.members[2].ledger().recordSend(0);
  g.members[2].ledger().recordSend(0);
  GroupView w = world(3);
  auto c = g.contribute(w);
  CollectiveContribution all = Group::combine(c, 3);
  EXPECT_THAT(all.sentToMember, ElementsAre(3u, 0u, 0u));
  SyncState &p0 = g.members[0];
  p0.absorbCollective(w, CollectiveKind::AllToAll, 0, all, p0.epoch());
  EXPECT_TRUE(p0.ledger().shortfall().groupUnmet);
  p0.ledger().recordReceive(2);
  p0.ledger().recordReceive(1);
  p0.ledger().recordReceive(2);
  EXPECT_TRUE(p0.ledger().satisfied());
}

TEST(SyncState, ResourceDepositAndAcquisition) {
  SyncState p0(0, 3), p2(2, 3);
  p0.ledger().recordSend(1);
  p0.tick(1);
  ResourcePayload d = p0.resourcePayload(1);
  EXPECT_EQ(d.clock, VectorClock(std::vector<Epoch>{1, 0, 0}));
  EXPECT_THAT(d.sentToDeposition, ElementsAre(1u, 0u, 0u));
  p2.tick(1);
  p2.absorbResource(1, d);
  EXPECT_EQ(entries(p2), (Clock{1, 0, 1}));
  EXPECT_THAT(p2.ledger().column(1), ElementsAre(LedgerEntry{0, 1, 1}));
  // Nothing deposited yet: nothing to absorb.
  SyncState p1(1, 3);
  p1.absorbResource(1, ResourcePayload{});
  EXPECT_EQ(entries(p1), (Clock{0, 0, 0}));
}

TEST(SyncState, ResourceDepositsMergeByMaximum) {
  ResourcePayload a{VectorClock(std::vector<Epoch>{3, 0}), {1, 0}};
  ResourcePayload b{VectorClock(std::vector<Epoch>{1, 4}), {0, 2}};
  ResourcePayload r;
  r.mergeFrom(a);
  r.mergeFrom(b);
  EXPECT_EQ(r.clock, VectorClock(std::vector<Epoch>{3, 4}));
  EXPECT_THAT(r.sentToDeposition, ElementsAre(1u, 2u));
}

TEST(SyncState, CombineSumsBatchCountsAndUnitesLedgers) {
  CollectiveContribution a{VectorClock(std::vector<Epoch>{1, 0}), {1, 2}, {{0, 1, 3}}};
  CollectiveContribution b{VectorClock(std::vector<Epoch>{0, 2}), {4, 0}, {{0, 1, 5}, {1, 0, 1}}};
  a.combine(b);
  EXPECT_EQ(a.clock, VectorClock(std::vector<Epoch>{1, 2}));
  EXPECT_THAT(a.sentToMember, ElementsAre(5u, 2u));
  EXPECT_THAT(a.ledger, ElementsAre(LedgerEntry{0, 1, 5}, LedgerEntry{1, 0, 1}));
}

} // namespace
} // namespace rmarace
