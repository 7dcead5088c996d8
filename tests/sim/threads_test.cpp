// Hybrid programs (dissertation 2.3.5, 3.6): threads of a rank with clocks of their own. The
// scenarios of Fig. 2.12 with two real threads, synchronisation and completion on a different
// thread than the access, and completion calls that complete only what happened before them.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr ThreadId kWorker = 1;
constexpr uint64_t kTaskwait = 7; // a thread synchronisation object (a taskwait, a mutex)

void onThread(SimRank &r, ThreadId t) {
  r.process().setThread(t);
}
void fork(SimRank &r, ThreadId child, uint32_t line) {
  r.process().threadCreated(child, r.site(line, "omp parallel"));
}
void release(SimRank &r, uint64_t object, uint32_t line) {
  r.process().release(object, r.site(line, "omp task"));
}
void acquire(SimRank &r, uint64_t object, uint32_t line) {
  r.process().acquire(object, r.site(line, "omp taskwait"));
}

// Rank 0 puts, completes and synchronises with rank 1's worker thread through a barrier; rank 1's
// initial thread reads the window, ordered after the barrier only when `taskwait` orders it.
void fig2_12(Simulator &s, SegmentId win, bool taskwait) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 2);
      Address value = r.allocate(sizeof(int));
      m.put(win, 1, 0, value, sizeof(int), 5);
      m.unlock(win, 1, 6);
      m.barrier(7);
      return;
    }
    fork(r, kWorker, 10);
    onThread(r, kWorker);
    m.barrier(15); // task 1 on the worker: MPI_Barrier
    release(r, kTaskwait, 15);
    onThread(r, kInitialThread);
    if (taskwait) acquire(r, kTaskwait, 16);
    m.load(m.winAddr(win), sizeof(int), 17); // task 2 on the initial thread: printf
  });
}

TEST(Threads, Fig2_12BarrierOnAnotherThreadThanTheLoadRaces) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  fig2_12(s, win, false);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@5", "1:load@17")));
}

TEST(Threads, Fig2_12TaskwaitOrdersTheLoadAfterTheBarrier) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  fig2_12(s, win, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// The origin's put and its completion on a worker; the initial thread's barrier publishes them only
// when it synchronised with the worker first (the sections example of the hybrid category).
void putOnWorker(Simulator &s, SegmentId win, bool joined) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (m.rank() == 0) {
      fork(r, kWorker, 1);
      onThread(r, kWorker);
      m.lock(win, 1, LockType::Shared, 2);
      Address value = r.allocate(sizeof(int));
      m.put(win, 1, 0, value, sizeof(int), 3);
      m.unlock(win, 1, 4);
      onThread(r, kInitialThread);
      if (joined) r.process().threadJoined(kWorker, r.site(5, "omp parallel"));
      m.barrier(6);
      return;
    }
    m.barrier(6);
    m.load(m.winAddr(win), sizeof(int), 7);
  });
}

TEST(Threads, BarrierOfAThreadUnorderedWithTheCompletionRaces) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  putOnWorker(s, win, false);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "1:load@7")));
}

TEST(Threads, BarrierAfterTheJoinPublishesTheCompletion) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  putOnWorker(s, win, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// A get's buffer completed by a flush of the initial thread: the worker's later load races unless
// it synchronised with the initial thread after the flush.
void getThenLoadOnWorker(Simulator &s, SegmentId win, bool synchronised) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.lockAll(win, 1);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      fork(r, kWorker, 2);
      m.get(win, 1, 0, buf, sizeof(int), 3);
      m.flush(win, 1, 4);
      release(r, kTaskwait, 5);
      onThread(r, kWorker);
      if (synchronised) acquire(r, kTaskwait, 6);
      m.load(buf, sizeof(int), 7);
      onThread(r, kInitialThread);
    }
    m.unlockAll(win, 9);
  });
}

TEST(Threads, LoadOfAGetBufferOnAnUnsynchronisedThreadRaces) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  getThenLoadOnWorker(s, win, false);
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Get@3", "0:load@7")));
}

TEST(Threads, LoadAfterAcquiringFromTheFlushingThreadIsRaceFree) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  getThenLoadOnWorker(s, win, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// A flush completes only the operations whose issue happened before it: a put of a worker that
// the flushing thread never synchronised with stays open, and its buffer store still races.
TEST(Threads, FlushDoesNotCompleteAConcurrentThreadsPut) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.lockAll(win, 1);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      fork(r, kWorker, 2);
      onThread(r, kWorker);
      m.put(win, 1, 0, buf, sizeof(int), 3);
      onThread(r, kInitialThread);
      m.flush(win, 1, 4);
      m.store(buf, sizeof(int), 5);
    }
    m.unlockAll(win, 9);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Put@3", "0:store@5")));
}

// A worker stores to (or loads) a private buffer, untracked memory then, and the initial thread
// puts from it (or gets into it): `omp for nowait` filling a buffer, then `omp single` putting it.
// The call races with the earlier access unless the two conflict not at all or the initial thread
// synchronised with the worker in between (the barrier of `omp for`).
enum class Worker { Stores, Loads };
enum class Call { Put, Get };
void accessOnWorkerThenCall(Simulator &s, SegmentId win, Worker worker, Call call,
                            bool synchronised) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.lockAll(win, 1);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      fork(r, kWorker, 2);
      onThread(r, kWorker);
      if (worker == Worker::Stores)
        m.store(buf, sizeof(int), 3);
      else
        m.load(buf, sizeof(int), 3);
      release(r, kTaskwait, 4);
      onThread(r, kInitialThread);
      if (synchronised) acquire(r, kTaskwait, 5);
      if (call == Call::Get)
        m.get(win, 1, 0, buf, sizeof(int), 6);
      else
        m.put(win, 1, 0, buf, sizeof(int), 6);
      m.flush(win, 1, 7);
    }
    m.unlockAll(win, 9);
  });
}

TEST(Threads, PutFromABufferAnotherThreadFilledUnsynchronisedRaces) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  accessOnWorkerThenCall(s, win, Worker::Stores, Call::Put, /*synchronised=*/false);
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Put@6", "0:store@3")));
}

TEST(Threads, GetIntoABufferAnotherThreadReadUnsynchronisedRaces) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  accessOnWorkerThenCall(s, win, Worker::Loads, Call::Get, /*synchronised=*/false);
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Get@6", "0:load@3")));
}

TEST(Threads, PutAfterSynchronisingWithTheFillingThreadIsRaceFree) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  accessOnWorkerThenCall(s, win, Worker::Stores, Call::Put, /*synchronised=*/true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Reading a buffer another thread also reads before a put from it is no conflict.
TEST(Threads, PutFromABufferAnotherThreadOnlyReadIsRaceFree) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  accessOnWorkerThenCall(s, win, Worker::Loads, Call::Put, /*synchronised=*/false);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// The put is issued by the initial thread, which then publishes it (an atomic release); the worker
// acquires, flushes and refills the buffer: the flush completes the put (the atomic flag test of
// the hybrid category).
void putThenFlushOnWorker(Simulator &s, SegmentId win, bool synchronised) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.lockAll(win, 1);
    if (m.rank() == 0) {
      Address buf = r.allocate(sizeof(int));
      fork(r, kWorker, 2);
      m.put(win, 1, 0, buf, sizeof(int), 3);
      release(r, kTaskwait, 4);
      onThread(r, kWorker);
      if (synchronised) acquire(r, kTaskwait, 5);
      m.flush(win, 1, 6);
      m.store(buf, sizeof(int), 7);
      onThread(r, kInitialThread);
    }
    m.unlockAll(win, 9);
  });
}

TEST(Threads, FlushOnAThreadThatLearnedOfThePutCompletesIt) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  putThenFlushOnWorker(s, win, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(Threads, FlushOnAThreadThatNeverLearnedOfThePutLeavesItOpen) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  putThenFlushOnWorker(s, win, false);
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Put@3", "0:store@7")));
}

// Two threads of rank 0 each put to the same location of rank 1 and flush their own put. A
// thread's flush orders its own later puts, not another thread's: unless the second thread learned
// of the first one's flush (a mutex handed over after it), the puts race, even when the first flush
// came before the second put in time.
void putAndFlushOnTwoThreads(Simulator &s, SegmentId win, bool synchronised) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.lockAll(win, 1);
    if (m.rank() == 0) {
      Address buf = r.allocate(2 * sizeof(int));
      fork(r, kWorker, 2);
      m.put(win, 1, 0, buf, sizeof(int), 3);
      m.flush(win, 1, 4);
      release(r, kTaskwait, 5);
      onThread(r, kWorker);
      if (synchronised) acquire(r, kTaskwait, 6);
      m.put(win, 1, 0, buf + sizeof(int), sizeof(int), 7);
      m.flush(win, 1, 8);
      onThread(r, kInitialThread);
    }
    m.unlockAll(win, 9);
  });
}

TEST(Threads, AnotherThreadsFlushDoesNotOrderItsPutBeforeMine) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  putAndFlushOnTwoThreads(s, win, false);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "0:MPI_Put@7")));
}

TEST(Threads, PutAfterLearningOfAnotherThreadsFlushIsOrdered) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  putAndFlushOnTwoThreads(s, win, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// The initial thread fills a buffer in its window; a worker then puts from it. Unless the worker
// synchronised with the initial thread after the store, the put's read of its buffer races with
// the store, although the store came first in time.
void storeThenPutOnWorker(Simulator &s, SegmentId win, bool synchronised) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.lockAll(win, 1);
    if (m.rank() == 0) {
      fork(r, kWorker, 2);
      m.store(m.winAddr(win), sizeof(int), 3);
      release(r, kTaskwait, 4);
      onThread(r, kWorker);
      if (synchronised) acquire(r, kTaskwait, 5);
      m.put(win, 1, 0, m.winAddr(win), sizeof(int), 6);
      m.flush(win, 1, 7);
      onThread(r, kInitialThread);
    }
    m.unlockAll(win, 9);
  });
}

TEST(Threads, PutFromABufferAnUnorderedThreadStoredToRaces) {
  Simulator s(2);
  SegmentId win = s.segment(2 * sizeof(int), "win");
  storeThenPutOnWorker(s, win, false);
  EXPECT_THAT(racesOf(s), ElementsAre(LocalBuffer("0:MPI_Put@6", "0:store@3")));
}

TEST(Threads, PutFromABufferAfterAcquiringFromTheStoringThreadIsRaceFree) {
  Simulator s(2);
  SegmentId win = s.segment(2 * sizeof(int), "win");
  storeThenPutOnWorker(s, win, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// A worker of rank 0 posts a write; the initial thread then notifies on the same queue (the
// critical-section test of the hybrid category). The notification covers the worker's write only
// if the worker's posting happened before it.
void writeOnWorkerThenNotify(Simulator &s, SegmentId seg, bool ordered) {
  constexpr ContextId kQueue = 0;
  constexpr uint32_t kId = 3;
  s.run([&](SimRank &r) {
    Gaspi g(r);
    Address buf = r.allocate(sizeof(int));
    if (g.rank() == 0) {
      fork(r, kWorker, 2);
      onThread(r, kWorker);
      g.write(buf, 1, seg, 0, sizeof(int), kQueue, 3);
      release(r, kTaskwait, 4);
      onThread(r, kInitialThread);
      if (ordered) acquire(r, kTaskwait, 5);
      g.notify(seg, 1, kId, 1, kQueue, 6);
    }
    if (g.rank() == 1) {
      g.notify_waitsome(seg, kId, 10, {0});
      g.load(g.segAddr(seg, 0), sizeof(int), 11);
    }
    g.barrier(20);
  });
}

TEST(Threads, NotificationDoesNotCoverAnUnorderedThreadsWrite) {
  Simulator s(2);
  SegmentId seg = s.segment(32, "seg");
  writeOnWorkerThenNotify(s, seg, false);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:gaspi_write@3", "1:load@11")));
}

TEST(Threads, NotificationCoversAWriteOfAThreadItIsOrderedAfter) {
  Simulator s(2);
  SegmentId seg = s.segment(32, "seg");
  writeOnWorkerThenNotify(s, seg, true);
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// Fig. 2.12 with `single nowait`: one thread of rank 1 loads the window before the other thread's
// barrier (in time as well), and the put reaches rank 1 only during that barrier. Either thread
// may be the one that loads.
void loadBeforeAnotherThreadsBarrier(Simulator &s, SegmentId win, ThreadId loading,
                                     ThreadId synchronising) {
  s.run([&](SimRank &r) {
    Mpi m(r);
    m.barrier(1);
    if (m.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 2);
      Address value = r.allocate(sizeof(int));
      m.put(win, 1, 0, value, sizeof(int), 3);
      m.unlock(win, 1, 4);
      m.barrier(5);
      return;
    }
    fork(r, kWorker, 10);
    onThread(r, loading);
    m.load(m.winAddr(win), sizeof(int), 11);
    onThread(r, synchronising);
    m.barrier(5);
    onThread(r, kInitialThread);
  });
}

TEST(Threads, LoadOfAWorkerBeforeTheInitialThreadsBarrierRacesWithThePut) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  loadBeforeAnotherThreadsBarrier(s, win, kWorker, kInitialThread);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "1:load@11")));
}

TEST(Threads, LoadOfTheInitialThreadBeforeAWorkersBarrierRacesWithThePut) {
  Simulator s(2);
  SegmentId win = s.segment(sizeof(int), "win");
  loadBeforeAnotherThreadsBarrier(s, win, kInitialThread, kWorker);
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "1:load@11")));
}

} // namespace
} // namespace rmarace::test
