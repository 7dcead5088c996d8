// Scenarios of the GASPI semantics layer (intercept/gaspi/semantics.h) beyond the specification's
// figures: list calls with notifications, atomics, passive communication.
#include "verbs.h"

namespace rmarace::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr ContextId kQueue = 0;
constexpr uint32_t kId = 3;
constexpr uint64_t kInt = sizeof(int);

// write_list_notify: its notification covers every write of the call (API sheet A.7).
TEST(GaspiSemantics, WriteListNotifyCompletesEveryWriteOfTheCall) {
  Simulator s(2);
  SegmentId seg = s.segment(32, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(2 * kInt);
    if (g.rank() == 0)
      g.write_list_notify({g.entry(buf, seg, 0, kInt), g.entry(buf + kInt, seg, 8, kInt)}, 1, seg,
                          kId, kQueue, 10);
    if (g.rank() == 1) {
      g.notify_waitsome(seg, kId, 20, {0});
      g.load(g.segAddr(seg, 0), kInt, 21);
      g.load(g.segAddr(seg, 8), kInt, 22);
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ...but not a plain write posted before it on the same queue.
TEST(GaspiSemantics, WriteListNotifyDoesNotCompleteAnEarlierWrite) {
  Simulator s(2);
  SegmentId seg = s.segment(32, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(3 * kInt);
    if (g.rank() == 0) {
      g.write(buf + 2 * kInt, 1, seg, 16, kInt, kQueue, 9);
      g.write_list_notify({g.entry(buf, seg, 0, kInt), g.entry(buf + kInt, seg, 8, kInt)}, 1, seg,
                          kId, kQueue, 10);
    }
    if (g.rank() == 1) {
      g.notify_waitsome(seg, kId, 20, {0});
      g.load(g.segAddr(seg, 0), kInt, 21);
      g.load(g.segAddr(seg, 8), kInt, 22);
      g.load(g.segAddr(seg, 16), kInt, 23);
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@9", "1:load@23")));
}

// read_list_notify: observing its local notification completes every read of the call.
TEST(GaspiSemantics, ReadListNotifyCompletesEveryReadAtItsNotification) {
  Simulator s(2);
  SegmentId seg = s.segment(32, "seg");
  SegmentId local = s.segment(32, "local");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    if (g.rank() == 0) {
      g.read_list_notify(
          {g.entry(g.segAddr(local, 0), seg, 0, kInt), g.entry(g.segAddr(local, 8), seg, 8, kInt)},
          1, local, kId, kQueue, 10);
      g.notify_waitsome(local, kId, 11, {});
      g.load(g.segAddr(local, 0), kInt, 12);
      g.load(g.segAddr(local, 8), kInt, 13);
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(GaspiSemantics, ReadListNotifyBuffersRaceBeforeTheNotification) {
  Simulator s(2);
  SegmentId seg = s.segment(32, "seg");
  SegmentId local = s.segment(32, "local");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    if (g.rank() == 0) {
      g.read_list_notify(
          {g.entry(g.segAddr(local, 0), seg, 0, kInt), g.entry(g.segAddr(local, 8), seg, 8, kInt)},
          1, local, kId, kQueue, 10);
      g.load(g.segAddr(local, 8), kInt, 12);
      g.notify_waitsome(local, kId, 13, {});
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:gaspi_read_list_notify@10", "0:load@12")));
}

// Atomics of two origins on one word are atomic with each other; a plain store is not.
TEST(GaspiSemantics, AtomicsOfTwoOriginsDoNotRaceButAStoreDoes) {
  Simulator s(3);
  SegmentId seg = s.segment(16, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address old = r.allocate(sizeof(uint64_t));
    if (g.rank() != 0) g.atomic_fetch_add(seg, 0, 0, old, 10);
    if (g.rank() == 0) g.store(g.segAddr(seg, 0), sizeof(uint64_t), 20);
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s),
              UnorderedElementsAre(Remote("1:gaspi_atomic_fetch_add@10", "0:store@20"),
                                   Remote("2:gaspi_atomic_fetch_add@10", "0:store@20")));
}

// A passive send orders what the sender did before it before what the receiver does after it.
TEST(GaspiSemantics, PassiveSendOrdersTheSendersStoreBeforeTheReceiversRead) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(kInt);
    if (g.rank() == 0) {
      g.store(g.segAddr(seg, 0), kInt, 10);
      g.passive_send(1, 11);
    }
    if (g.rank() == 1) {
      g.passive_receive(0, 20);
      g.read(buf, 0, seg, 0, kInt, kQueue, 21);
      g.wait(kQueue, 22);
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// A rank writes its own segment and notifies itself on the same queue: observing the notification
// completes the write (the self-targeted notification takes the same path as a remote one).
TEST(GaspiSemantics, OwnNotificationCompletesAWriteToItself) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(kInt);
    if (g.rank() == 0) {
      g.write(buf, 0, seg, 0, kInt, kQueue, 10);
      g.notify(seg, 0, kId, 1, kQueue, 11);
      g.notify_waitsome(seg, kId, 12, {0});
      g.load(g.segAddr(seg, 0), kInt, 13);
      g.wait(kQueue, 14);
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(GaspiSemantics, WriteToItselfRacesWithoutTheNotification) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(kInt);
    if (g.rank() == 0) {
      g.write(buf, 0, seg, 0, kInt, kQueue, 10);
      g.wait(kQueue, 11);
      g.load(g.segAddr(seg, 0), kInt, 13);
    }
    g.barrier(30);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@10", "0:load@13")));
}

} // namespace
} // namespace rmarace::test
