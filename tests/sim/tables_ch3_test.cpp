// Every row of the dissertation's Table 3.1 (point-to-point procedures as signal and wait, with
// its footnotes and the non-blocking rules of 3.3.1) and Table 3.2 (collectives as all-to-one,
// one-to-all and all-to-all; MPI_Scan as 3.3.2 describes it). Each test records the vector
// clocks the procedures leave behind and, where it shows the mapping, the race consequence.
// Clocks advance one step per synchronisation event (one per collective).
#include "verbs.h"

#include <functional>

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using Clock = std::vector<Epoch>;

// Runs `program` on `n` ranks; returns each rank's clock at the end of its program.
std::vector<Clock> clocksAfter(int n, const std::function<void(SimRank &)> &program) {
  Simulator s(n);
  SegmentId win = s.segment(8, "win");
  (void)win;
  std::vector<Clock> out(static_cast<std::size_t>(n));
  s.run([&](SimRank &r) {
    program(r);
    out[static_cast<std::size_t>(r.rank())] = clockOf(r);
  });
  return out;
}

// ---- Table 3.1: MPI point-to-point
// ---------------------------------------------------------------

TEST(Table3_1, MPI_Send_SignalsAndMPI_Recv_Waits) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) m.recv(0, 0, 2);
  });
  EXPECT_EQ(c[0], (Clock{1, 0})); // buffered semantics: the sender does not wait
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

TEST(Table3_1, MPI_Bsend_And_MPI_Rsend_Signal) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) {
      m.bsend(1, 0, 1);
      m.rsend(1, 1, 2);
    }
    if (r.rank() == 1) {
      m.recv(0, 0, 3);
      m.recv(0, 1, 4);
    }
  });
  EXPECT_EQ(c[0], (Clock{2, 0}));
  EXPECT_EQ(c[1], (Clock{2, 2}));
}

// MPI_Ssend waits too: the receiver's clock flows back to the sender.
TEST(Table3_1, MPI_Ssend_SignalsAndWaitsForTheReceiver) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.ssend(1, 0, 1);         // signal [1,0], wait [2,2]
    if (r.rank() == 1) m.recvFromSsend(0, 0, 2); // wait [1,1], signal [1,2]
  });
  EXPECT_EQ(c[0], (Clock{2, 2}));
  EXPECT_EQ(c[1], (Clock{1, 2}));
}

// Race consequence: the receiver's store before its receive is ordered before the sender's get
// after MPI_Ssend, but not after a plain MPI_Send.
TEST(Table3_1, MPI_Ssend_OrdersTheReceiversEarlierStoreBeforeTheSendersGet) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 1) {
      m.store(m.winAddr(win), 4, 1);
      m.recvFromSsend(0, 0, 2);
    }
    if (r.rank() == 0) {
      m.ssend(1, 0, 3);
      m.lock(win, 1, LockType::Shared, 4);
      m.get(win, 1, 0, buf, 4, 5);
      m.unlock(win, 1, 6);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table3_1, MPI_Send_DoesNotOrderTheReceiversEarlierStoreBeforeTheSendersGet) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 1) {
      m.store(m.winAddr(win), 4, 1);
      m.recv(0, 0, 2);
    }
    if (r.rank() == 0) {
      m.send(1, 0, 3);
      m.lock(win, 1, LockType::Shared, 4);
      m.get(win, 1, 0, buf, 4, 5);
      m.unlock(win, 1, 6);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@1", "0:MPI_Get@5")));
}

// Rule 1 of 3.3.1: a non-blocking send signals at its initiation.
TEST(Table3_1, MPI_Isend_SignalsAtInitiation) {
  Clock atIsend, atWait;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) {
      Mpi::Request req = m.isend(1, 0, 1);
      atIsend = clockOf(r);
      m.wait(req, 2); // maps to nothing
      atWait = clockOf(r);
    }
    if (r.rank() == 1) m.recv(0, 0, 3);
  });
  EXPECT_EQ(atIsend, (Clock{1, 0}));
  EXPECT_EQ(atWait, (Clock{1, 0}));
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

TEST(Table3_1, MPI_Ibsend_And_MPI_Irsend_SignalAtInitiation) {
  Clock atInitiation;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) {
      Mpi::Request a = m.isend(1, 0, 1, "MPI_Ibsend");
      Mpi::Request b = m.isend(1, 1, 2, "MPI_Irsend");
      atInitiation = clockOf(r);
      m.wait(a, 3);
      m.wait(b, 4);
    }
    if (r.rank() == 1) {
      m.recv(0, 0, 5);
      m.recv(0, 1, 6);
    }
  });
  EXPECT_EQ(atInitiation, (Clock{2, 0}));
  EXPECT_EQ(c[0], (Clock{2, 0}));
  EXPECT_EQ(c[1], (Clock{2, 2}));
}

// Race consequence: what the sender does between MPI_Isend and MPI_Wait is concurrent with the
// receiver; what it did before MPI_Isend is not.
TEST(Table3_1, MPI_Isend_EventsAfterInitiationAreNotOrderedBeforeTheReceiver) {
  Simulator s(2);
  SegmentId win = s.segment(16, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 0) {
      m.lock(win, 1, LockType::Shared, 1);
      m.put(win, 1, 0, buf, 4, 2); // before MPI_Isend: ordered
      m.unlock(win, 1, 3);
      Mpi::Request req = m.isend(1, 0, 4);
      m.lock(win, 1, LockType::Shared, 5);
      m.put(win, 1, 8, buf, 4, 6); // after MPI_Isend: concurrent
      m.unlock(win, 1, 7);
      m.wait(req, 8);
    }
    if (r.rank() == 1) {
      m.recv(0, 0, 9);
      m.load(m.winAddr(win, 0), 4, 10);
      m.load(m.winAddr(win, 8), 4, 11);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@6", "1:load@11")));
}

// Rule 2 of 3.3.1: a non-blocking receive waits at its completion (also Fig. 3.8a).
TEST(Table3_1, MPI_Irecv_WaitsAtMPI_Wait) {
  Clock atIrecv;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 2);
      atIrecv = clockOf(r);
      m.wait(req, 3);
    }
  });
  EXPECT_EQ(atIrecv, (Clock{0, 0}));
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

// Footnote 4: MPI_Wait of an MPI_Issend waits for the receiver.
TEST(Table3_1, MPI_Issend_SignalsAtInitiationAndWaitsAtMPI_Wait) {
  Clock atIssend;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) {
      Mpi::Request req = m.issend(1, 0, 1);
      atIssend = clockOf(r);
      m.wait(req, 2);
    }
    if (r.rank() == 1) m.recvFromSsend(0, 0, 3);
  });
  EXPECT_EQ(atIssend, (Clock{1, 0}));
  EXPECT_EQ(c[0], (Clock{2, 2}));
}

// Footnote 2: MPI_Test maps to the wait only when its flag is true (also Fig. 3.8b).
TEST(Table3_1, MPI_Test_FlagFalseDoesNotSynchronise) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 2);
      m.test(req, false, 3);
    }
  });
  EXPECT_EQ(c[1], (Clock{0, 0}));
}

TEST(Table3_1, MPI_Test_FlagTrueWaits) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) {
      Mpi::Request req = m.irecv(0, 0, 2);
      m.test(req, false, 3);
      m.test(req, true, 4);
    }
  });
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

// MPI_Probe consumes the message's clock; the later MPI_Recv maps to nothing.
TEST(Table3_1, MPI_Probe_WaitsAndTheLaterRecvDoesNothing) {
  Clock atProbe;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) {
      m.probe(0, 0, 2);
      atProbe = clockOf(r);
      m.recvAfterProbe(0, 0, 3);
    }
  });
  EXPECT_EQ(atProbe, (Clock{1, 1}));
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

TEST(Table3_1, MPI_Iprobe_WaitsOnlyWithFlagTrue) {
  Clock afterFalse;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) {
      m.iprobe(0, 0, false, 2);
      afterFalse = clockOf(r);
      m.iprobe(0, 0, true, 3);
      m.recvAfterProbe(0, 0, 4);
    }
  });
  EXPECT_EQ(afterFalse, (Clock{0, 0}));
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

// Footnote 3: persistent sends signal at MPI_Start; persistent receives wait at completion.
TEST(Table3_1, MPI_Send_init_SignalsAtMPI_Start) {
  Clock atInit, atStart;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) {
      Mpi::Request req = m.sendInit(1, 0);
      atInit = clockOf(r);
      m.startRequest(req, 1);
      atStart = clockOf(r);
      m.wait(req, 2);
    }
    if (r.rank() == 1) {
      Mpi::Request req = m.recvInit(0, 0);
      m.startRequest(req, 3);
      m.wait(req, 4);
    }
  });
  EXPECT_EQ(atInit, (Clock{0, 0}));
  EXPECT_EQ(atStart, (Clock{1, 0}));
  EXPECT_EQ(c[0], (Clock{1, 0}));
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

TEST(Table3_1, MPI_Recv_init_WaitsAtCompletionNotAtStart) {
  Clock atStart;
  auto c = clocksAfter(2, [&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 0) m.send(1, 0, 1);
    if (r.rank() == 1) {
      Mpi::Request req = m.recvInit(0, 0);
      m.startRequest(req, 2);
      atStart = clockOf(r);
      m.wait(req, 3);
    }
  });
  EXPECT_EQ(atStart, (Clock{0, 0}));
  EXPECT_EQ(c[1], (Clock{1, 1}));
}

TEST(Table3_1, MPI_Sendrecv_SignalsAndWaits) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Mpi m(r);
    m.sendrecv(1 - r.rank(), 1 - r.rank(), 0, 1);
  });
  // Rank 0 ran first: it signalled [1,0] and waited for rank 1's signal [0,1].
  EXPECT_EQ(c[0], (Clock{2, 1}));
  EXPECT_EQ(c[1], (Clock{1, 2}));
}

// MPI_Win_complete signals, MPI_Win_wait waits; MPI_Win_start is not a wait (4.3.1).
TEST(Table3_1, MPI_Win_complete_SignalsMPI_Win_wait_Waits) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  Clock atStart, atComplete, atWait;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 1) {
      m.post(win, {0}, 1);
      m.waitEpoch(win, 4);
      atWait = clockOf(r);
    }
    if (r.rank() == 0) {
      m.start(win, {1}, 2);
      atStart = clockOf(r);
      m.complete(win, 3);
      atComplete = clockOf(r);
    }
  });
  EXPECT_EQ(atStart, (Clock{0, 0}));
  EXPECT_EQ(atComplete, (Clock{1, 0}));
  EXPECT_EQ(atWait, (Clock{1, 2}));
}

TEST(Table3_1, MPI_Win_wait_OrdersTheAccessEpochsPuts) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 1) {
      m.post(win, {0}, 1);
      m.waitEpoch(win, 4);
      m.load(m.winAddr(win), 4, 5);
    }
    if (r.rank() == 0) {
      Address buf = r.allocate(4);
      m.start(win, {1}, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.complete(win, 4);
      m.store(buf, 4, 5); // MPI_Win_complete completes the buffer locally
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- Table 3.1: GASPI passive communication is a synchronous, bidirectional pair -------------

TEST(Table3_1, gaspi_passive_send_And_receive_SynchroniseBothWays) {
  auto c = clocksAfter(2, [](SimRank &r) {
    Gaspi g(r);
    if (r.rank() == 0) g.passive_send(1, 1);
    if (r.rank() == 1) g.passive_receive(0, 2);
  });
  EXPECT_EQ(c[0], (Clock{2, 2}));
  EXPECT_EQ(c[1], (Clock{1, 2}));
}

// ---- Table 3.3: SHMEM locks (shmem_set_lock waits, shmem_clear_lock signals) -------------------

TEST(Table3_3, shmem_set_lock_WaitsForThePreviousHoldersClearLock) {
  Simulator s(3);
  SegmentId heap = s.segment(16, "heap");
  const uint64_t lock = 8, X = 0;
  Clock atSetLock;
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.barrier_all(1);
    if (r.rank() == 0) {
      sh.set_lock(lock, 2);
      sh.put(X, buf, 4, 1, 3); // completed by the quiet of shmem_clear_lock
      sh.clear_lock(lock, 4);
      sendToken(r, 2, 1);
    }
    if (r.rank() == 2) {
      awaitToken(r, 0, 1); // rank 0 held the lock first in this run
      sh.set_lock(lock, 5);
      atSetLock = clockOf(r);
      sh.get(buf, X, 4, 1, 6);
      sh.clear_lock(lock, 7);
    }
    sh.barrier_all(8);
  });
  // Rank 0: barrier (1), set_lock (2), clear_lock (3); rank 2: barrier (1), set_lock (2).
  EXPECT_EQ(atSetLock, (Clock{3, 1, 2}));
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Table3_3, WithoutTheLockThePutAndGetRace) {
  Simulator s(3);
  SegmentId heap = s.segment(16, "heap");
  s.run([&](SimRank &r) {
    Shmem sh(r, heap);
    Address buf = r.allocate(4);
    sh.barrier_all(1);
    if (r.rank() == 0) {
      sh.put(0, buf, 4, 1, 3);
      sh.quiet(4);
      sendToken(r, 2, 1);
    }
    if (r.rank() == 2) {
      awaitToken(r, 0, 1);
      sh.get(buf, 0, 4, 1, 6);
    }
    sh.barrier_all(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:shmem_put@3", "2:shmem_get@6")));
}

// ---- Table 3.2: collectives
// ----------------------------------------------------------------------

// All-to-one: only the root waits.
TEST(Table3_2, AllToOne_MPI_Gather_And_MPI_Reduce_RootWaitsNonRootsSignal) {
  for (const char *call : {"MPI_Gather", "MPI_Reduce"}) {
    auto c = clocksAfter(3, [&](SimRank &r) {
      Mpi m(r);
      if (std::string(call) == "MPI_Gather")
        m.gather(0, 1);
      else
        m.reduce(0, 1);
    });
    EXPECT_EQ(c[0], (Clock{1, 1, 1})) << call;
    EXPECT_EQ(c[1], (Clock{0, 1, 0})) << call;
    EXPECT_EQ(c[2], (Clock{0, 0, 1})) << call;
  }
}

// One-to-all: the non-roots wait for the root.
TEST(Table3_2, OneToAll_MPI_Bcast_And_MPI_Scatter_NonRootsWait) {
  for (const char *call : {"MPI_Bcast", "MPI_Scatter"}) {
    auto c = clocksAfter(3, [&](SimRank &r) {
      Mpi m(r);
      if (std::string(call) == "MPI_Bcast")
        m.bcast(0, 1);
      else
        m.scatter(0, 1);
    });
    EXPECT_EQ(c[0], (Clock{1, 0, 0})) << call;
    EXPECT_EQ(c[1], (Clock{1, 1, 0})) << call;
    EXPECT_EQ(c[2], (Clock{1, 0, 1})) << call;
  }
}

// All-to-all: everyone waits for everyone, one step each (3.3.2).
TEST(Table3_2, AllToAll_MPI_Collectives_Synchronise) {
  using Verb = std::function<void(Mpi &)>;
  const std::vector<std::pair<const char *, Verb>> verbs = {
      {"MPI_Barrier", [](Mpi &m) { m.barrier(1); }},
      {"MPI_Alltoall", [](Mpi &m) { m.alltoall(1); }},
      {"MPI_Allgather", [](Mpi &m) { m.allgather(1); }},
      {"MPI_Allreduce", [](Mpi &m) { m.allreduce(1); }},
      {"MPI_Reduce_scatter", [](Mpi &m) { m.reduceScatter(1); }},
  };
  for (const auto &[call, verb] : verbs) {
    auto c = clocksAfter(3, [&](SimRank &r) {
      Mpi m(r);
      verb(m);
    });
    for (Rank r = 0; r < 3; ++r) EXPECT_EQ(c[r], (Clock{1, 1, 1})) << call << " rank " << r;
  }
}

// A fence that ends an epoch and MPI_Win_free are all-to-all. (The first fence of a window
// opens an epoch and need not synchronise, MPI-3.1 11.5.1.)
TEST(Table3_2, AllToAll_MPI_Win_fence_And_MPI_Win_free_Synchronise) {
  Simulator s(3);
  SegmentId win = s.segment(8, "win");
  std::vector<Clock> afterFence(3), afterFree(3);
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.fence(win, 1);
    m.fence(win, 2); // ends the epoch the first fence opened
    afterFence[r.rank()] = clockOf(r);
    // An event in between: a synchronisation that follows none continues the epoch.
    m.load(m.winAddr(win), 8, 3);
    m.winFree(win, 3);
    afterFree[r.rank()] = clockOf(r);
  });
  for (Rank r = 0; r < 3; ++r) {
    EXPECT_EQ(afterFence[r], afterFence[0]) << r; // everyone knows everyone's fence
    EXPECT_EQ(afterFree[r], afterFree[0]) << r;
    EXPECT_GT(afterFree[0][r], afterFence[0][r]) << r; // one more step each
  }
}

// MPI_Win_free ends the window's accesses: a put before it is ordered before everything after.
TEST(Table3_2, MPI_Win_free_CompletesNothingButSynchronises) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  SegmentId other = s.segment(8, "other");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 0) {
      m.lock(other, 1, LockType::Shared, 1);
      m.put(other, 1, 0, buf, 4, 2);
      m.unlock(other, 1, 3);
    }
    m.winFree(win, 4);
    if (r.rank() == 1) m.load(m.winAddr(other), 4, 5);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// MPI_Scan / MPI_Exscan: rank i waits for the ranks before it (3.3.2).
TEST(Table3_2, Scan_MPI_Scan_And_MPI_Exscan_WaitForLowerRanks) {
  for (const char *call : {"MPI_Scan", "MPI_Exscan"}) {
    auto c = clocksAfter(3, [&](SimRank &r) {
      Mpi m(r);
      if (std::string(call) == "MPI_Scan")
        m.scan(1);
      else
        m.exscan(1);
    });
    EXPECT_EQ(c[0], (Clock{1, 0, 0})) << call;
    EXPECT_EQ(c[1], (Clock{1, 1, 0})) << call;
    EXPECT_EQ(c[2], (Clock{1, 1, 1})) << call;
  }
}

TEST(Table3_2, OneToAll_shmem_broadcast_NonRootsWait) {
  auto c = clocksAfter(3, [](SimRank &r) {
    Shmem sh(r, 1);
    sh.broadcast(1, 1);
  });
  EXPECT_EQ(c[0], (Clock{1, 1, 0}));
  EXPECT_EQ(c[1], (Clock{0, 1, 0}));
  EXPECT_EQ(c[2], (Clock{0, 1, 1}));
}

TEST(Table3_2, AllToAll_SHMEM_Collectives_Synchronise) {
  for (const char *call : {"shmem_barrier_all", "shmem_alltoall", "shmem_collect", "shmem_fcollect",
                           "shmem_team_sync", "shmem_sync_all", "shmem_malloc", "shmem_align",
                           "shmem_free", "shmem_realloc", "shmem_sum_reduce"}) {
    auto c = clocksAfter(3, [&](SimRank &r) {
      Shmem sh(r, 1);
      if (std::string(call) == "shmem_barrier_all")
        sh.barrier_all(1);
      else
        sh.collective(1, call);
    });
    for (Rank r = 0; r < 3; ++r) EXPECT_EQ(c[r], (Clock{1, 1, 1})) << call << " rank " << r;
  }
}

TEST(Table3_2, AllToAll_GASPI_Collectives_Synchronise) {
  for (const char *call : {"gaspi_barrier", "gaspi_allreduce", "gaspi_allreduce_user",
                           "gaspi_group_commit", "gaspi_segment_create", "gaspi_segment_use"}) {
    auto c = clocksAfter(3, [&](SimRank &r) {
      Gaspi g(r);
      g.collective(1, call);
    });
    for (Rank r = 0; r < 3; ++r) EXPECT_EQ(c[r], (Clock{1, 1, 1})) << call << " rank " << r;
  }
}

// A sub-group collective (a communicator, a SHMEM team) synchronises its members only.
TEST(Table3_2, AllToAll_OnASubgroupSynchronisesItsMembersOnly) {
  auto c = clocksAfter(3, [](SimRank &r) {
    Shmem sh(r, 1);
    if (r.rank() != 1) sh.sync(GroupView{{0, 2}, 7}, 1);
  });
  EXPECT_EQ(c[0], (Clock{1, 0, 1}));
  EXPECT_EQ(c[1], (Clock{0, 0, 0}));
  EXPECT_EQ(c[2], (Clock{1, 0, 1}));
}

} // namespace
} // namespace rmarace::test
