// Scenario tests of the dissertation's chapter 6 examples where the reference tool errs:
// Fig. 6.6 (false positive with shmem_signal_fetch polling) and Fig. 6.7 (implicit local
// completion through notifications; the reference tool misses the race when line 17 is removed).
// Fig. 6.4 is in mpi_figures_test.cpp.
#include "verbs.h"

namespace rmarace::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// ---- Fig. 6.6: polling with shmem_signal_fetch orders like shmem_wait_until -------------------

TEST(Fig6_6, SignalFetchPollingOrdersThePutSignal) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t remote = 0; // 4 static int remote = 0;
  const uint64_t signal = 8; // 5 static uint64_t signal = 0;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address myPe = r.allocate(sizeof(int));
    sh.barrier_all(7);
    if (sh.my_pe() == 0) {
      sh.signal_fetch(signal, 11, /*after=*/{1}); // while (shmem_signal_fetch(&signal) != 1) {}
      sh.load(sh.sym(remote), sizeof(int), 12);   // printf("Remote: %d\n", remote);
    }
    if (sh.my_pe() == 1) {
      sh.store(sh.sym(remote), sizeof(int), 16); // remote = 42;
      sh.put_signal(remote, myPe, sizeof(int), signal, 1, /*pe=*/0, 18, /*nbi=*/false,
                    /*add=*/true);
    }
    sh.barrier_all(20);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Without the polling loop, the print races with the put of the put-with-signal.
TEST(Fig6_6, PrintWithoutPollingRaces) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address myPe = r.allocate(sizeof(int));
    sh.barrier_all(7);
    if (sh.my_pe() == 0) sh.load(sh.sym(0), sizeof(int), 12);
    if (sh.my_pe() == 1) sh.put_signal(0, myPe, sizeof(int), 8, 1, 0, 18, false, true);
    sh.barrier_all(20);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:shmem_put_signal@18", "0:load@12")));
}

// ---- Fig. 6.7: local completion through a ping-pong of notifications --------------------------

TEST(Fig6_7, PingPongCompletesThePutSignalNbiBuffer) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t remote = 0, signal = 8;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address localbuf = r.allocate(sizeof(int)); // 4 int localbuf = 1;
    sh.barrier_all(6);
    if (sh.my_pe() == 0) {
      sh.store(localbuf, sizeof(int), 9); // localbuf = 42;
      // send data with signal (ping)
      sh.put_signal(remote, localbuf, sizeof(int), signal, 1, /*pe=*/1, 11, /*nbi=*/true);
      sh.wait_until(signal, 12, /*after=*/{1}, "shmem_uint64_wait_until"); // pong from PE 1
      sh.store(localbuf, sizeof(int), 13);                                 // localbuf = 1337;
    }
    if (sh.my_pe() == 1) {
      sh.wait_until(signal, 17, /*after=*/{0}, "shmem_uint64_wait_until"); // ping from PE 0
      // send data with signal (pong)
      sh.put_signal(remote, localbuf, sizeof(int), signal, 1, /*pe=*/0, 19);
    }
    sh.barrier_all(22);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Line 17 removed: PE 1 answers without having observed the ping, so nothing completes PE 0's
// buffer read before line 13 (the reference tool's false negative).
TEST(Fig6_7, WithoutTheWaitAtLine17TheStoreRacesWithTheBuffer) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t remote = 0, signal = 8;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address localbuf = r.allocate(sizeof(int));
    sh.barrier_all(6);
    if (sh.my_pe() == 0) {
      sh.store(localbuf, sizeof(int), 9);
      sh.put_signal(remote, localbuf, sizeof(int), signal, 1, 1, 11, /*nbi=*/true);
      sh.wait_until(signal, 12, {1}, "shmem_uint64_wait_until");
      sh.store(localbuf, sizeof(int), 13);
    }
    if (sh.my_pe() == 1) sh.put_signal(remote, localbuf, sizeof(int), signal, 1, 0, 19);
    sh.barrier_all(22);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:shmem_put_signal_nbi@11", "0:store@13")));
}

// The target observed the ping but never answers, and PE 0 does not wait: no reply, no
// completion.
TEST(Fig6_7, WithoutThePongTheStoreRacesWithTheBuffer) {
  Simulator s(2);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t remote = 0, signal = 8;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address localbuf = r.allocate(sizeof(int));
    sh.barrier_all(6);
    if (sh.my_pe() == 0) {
      sh.put_signal(remote, localbuf, sizeof(int), signal, 1, 1, 11, /*nbi=*/true);
      sh.store(localbuf, sizeof(int), 13);
    }
    if (sh.my_pe() == 1) sh.wait_until(signal, 17, {0}, "shmem_uint64_wait_until");
    sh.barrier_all(22);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:shmem_put_signal_nbi@11", "0:store@13")));
}

// The GASPI variant of Fig. 6.7 (RMARaceBench has one): gaspi_write_notify ping and pong.
TEST(Fig6_7, GaspiWriteNotifyPingPongCompletesTheBuffer) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  const ContextId queue = 0;
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address localbuf = g.segAddr(seg, 8);
    g.barrier(6);
    if (g.rank() == 0) {
      g.store(localbuf, sizeof(int), 9);
      g.write_notify(localbuf, 1, seg, 0, sizeof(int), /*id=*/0, 1, queue, 11); // ping
      g.notify_waitsome(seg, 0, 12, /*after=*/{1});                             // pong
      g.store(localbuf, sizeof(int), 13);
    }
    if (g.rank() == 1) {
      g.notify_waitsome(seg, 0, 17, {0});
      g.write_notify(localbuf, 0, seg, 0, sizeof(int), 0, 1, queue, 19);
      g.wait(queue, 20);
    }
    g.barrier(22);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Rank 1 replies before it has seen the ping: the pong says nothing about the ping's arrival.
TEST(Fig6_7, GaspiPongBeforeThePingArrivedDoesNotCompleteTheBuffer) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  const ContextId queue = 0;
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address localbuf = g.segAddr(seg, 8);
    g.barrier(6);
    if (g.rank() == 0) {
      g.write_notify(localbuf, 1, seg, 0, sizeof(int), /*id=*/0, 1, queue, 11); // ping
      g.notify_waitsome(seg, 1, 12, /*after=*/{1});                             // pong
      g.store(localbuf, sizeof(int), 13);
    }
    if (g.rank() == 1) {
      g.notify(seg, 0, /*id=*/1, 1, queue, 19);
      g.notify_waitsome(seg, 0, 20, {0});
    }
    g.barrier(22);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:gaspi_write_notify@11", "0:store@13")));
}

// Rank 0 does not wait for the pong.
TEST(Fig6_7, GaspiWithoutWaitingForThePongTheStoreRacesWithTheBuffer) {
  Simulator s(2);
  SegmentId seg = s.segment(16, "seg");
  const ContextId queue = 0;
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address localbuf = g.segAddr(seg, 8);
    g.barrier(6);
    if (g.rank() == 0) {
      g.write_notify(localbuf, 1, seg, 0, sizeof(int), /*id=*/0, 1, queue, 11); // ping
      g.store(localbuf, sizeof(int), 13);
    }
    if (g.rank() == 1) g.notify_waitsome(seg, 0, 17, {0});
    g.barrier(22);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:gaspi_write_notify@11", "0:store@13")));
}

} // namespace
} // namespace rmarace::test
