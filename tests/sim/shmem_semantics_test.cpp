// Scenarios of the OpenSHMEM semantics layer (intercept/shmem/semantics.h) beyond the
// specification's figures: completion paths that meet, waits as atomic reads.
#include "verbs.h"

namespace rmarace::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr uint64_t kData = 0;    // 32 bytes of data
constexpr uint64_t kSignal = 40; // the signal object
constexpr uint64_t kBytes = 32;
constexpr uint64_t kFirstWaitDone = 99; // a scheduling token (no synchronisation)

// A target wait completes the first put-with-signal before the origin's quiet does: the quiet
// still orders it before the origin's second put to the same bytes.
TEST(ShmemSemantics, QuietOrdersAPutTheTargetsWaitCompletedFirst) {
  Simulator s(2);
  SegmentId heap = s.segment(64, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(kBytes);
    if (sh.my_pe() == 1) {
      sh.put_signal(kData, buf, kBytes, kSignal, 1, 0, 10);
      awaitToken(r, 0, kFirstWaitDone); // the quiet's notice arrives after the first wait
      sh.quiet(11);
      sh.put_signal(kData, buf, kBytes, kSignal, 2, 0, 12);
      sh.quiet(13);
    } else {
      sh.signal_wait_until(kSignal, 20, {1});
      sendToken(r, 1, kFirstWaitDone);
      sh.signal_wait_until(kSignal, 21, {1});
    }
    sh.barrier_all(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Without the quiet, the second put may land before the first: a race.
TEST(ShmemSemantics, PutsWithSignalOfOneOriginWithoutQuietRace) {
  Simulator s(2);
  SegmentId heap = s.segment(64, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(kBytes);
    if (sh.my_pe() == 1) {
      sh.put_signal(kData, buf, kBytes, kSignal, 1, 0, 10);
      sh.put_signal(kData, buf, kBytes, kSignal, 2, 0, 12);
    } else {
      sh.signal_wait_until(kSignal, 20, {1});
      sh.signal_wait_until(kSignal, 21, {1});
    }
    sh.barrier_all(30);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:shmem_put_signal@10", "1:shmem_put_signal@12")));
}

// The target's wait acknowledges a non-blocking put-with-signal before the origin's quiet: the
// quiet still ends the put's read of its source buffer, so storing to it afterwards is no race.
TEST(ShmemSemantics, QuietEndsTheBufferReadOfAnAcknowledgedPutSignalNbi) {
  Simulator s(2);
  SegmentId heap = s.segment(64, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(kBytes);
    if (sh.my_pe() == 1) {
      sh.put_signal(kData, buf, kBytes, kSignal, 1, 0, 10, /*nbi=*/true);
      awaitToken(r, 0, kFirstWaitDone);
      r.tracker().pump(); // the acknowledgement of the wait arrives before the quiet
      sh.quiet(11);
      sh.store(buf, kBytes, 12);
    } else {
      sh.signal_wait_until(kSignal, 20, {1});
      sendToken(r, 1, kFirstWaitDone);
    }
    sh.barrier_all(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// A wait reads its object atomically: a plain put to it races, an AMO of the same type does not.
TEST(ShmemSemantics, PlainPutToAWaitedObjectRacesWithTheWait) {
  Simulator s(2);
  SegmentId heap = s.segment(64, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address one = r.allocate(sizeof(int));
    sh.barrier_all(5);
    if (sh.my_pe() == 0) {
      sh.put(kSignal, one, sizeof(int), 1, 8);
      sendToken(r, 1, kSignal);
    } else {
      sh.wait_until(kSignal, 12, {0});
    }
    sh.barrier_all(30);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put@8", "1:shmem_wait_until@12")));
}

TEST(ShmemSemantics, AtomicSetOfAWaitedObjectDoesNotRaceWithTheWait) {
  Simulator s(2);
  SegmentId heap = s.segment(64, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    sh.barrier_all(5);
    if (sh.my_pe() == 0)
      sh.atomic_set(kSignal, BasicType::Int, sizeof(int), 1, 8);
    else
      sh.wait_until(kSignal, 12, {0});
    sh.barrier_all(30);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

} // namespace
} // namespace rmarace::test
