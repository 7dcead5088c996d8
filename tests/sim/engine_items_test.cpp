// Scenario tests of the engine properties the core issue asks for beyond the dissertation's
// figures: exact byte ranges (including strided datatypes), passive-target patterns with
// lock_all / flush_all / barrier, external synchronisation of origins, transitive chains with
// delayed metadata (the delivery guarantee), dynamic windows and out-of-bounds accesses.
#include "verbs.h"

namespace rmarace::test {
namespace {

using mpi::LockType;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

// ---- Exact byte ranges
// ----------------------------------------------------------------------------

// A put of bytes 8..11 of rank 1's window; rank 1 loads 4 bytes at `loadOffset` in the same
// epoch.
std::vector<RaceView> putAndLoadAt(uint64_t loadOffset) {
  Simulator s(2);
  SegmentId win = s.segment(32, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.fence(win, 1);
    if (r.rank() == 0) m.put(win, 1, 8, buf, 4, 2);
    if (r.rank() == 1) m.load(m.winAddr(win, loadOffset), 4, 3);
    m.fence(win, 4);
  });
  return racesOf(s);
}

TEST(ExactRanges, AccessAtByte6OverlapsBytes8To11) {
  EXPECT_THAT(putAndLoadAt(6), ElementsAre(Remote("0:MPI_Put@2", "1:load@3")));
}
TEST(ExactRanges, AccessAtByte4EndsBeforeByte8) {
  EXPECT_THAT(putAndLoadAt(4), IsEmpty());
}
TEST(ExactRanges, AccessAtByte12StartsAfterByte11) {
  EXPECT_THAT(putAndLoadAt(12), IsEmpty());
}
TEST(ExactRanges, AccessAtByte11OverlapsTheLastByte) {
  EXPECT_THAT(putAndLoadAt(11), ElementsAre(Remote("0:MPI_Put@2", "1:load@3")));
}

TEST(ExactRanges, ReportNamesTheFirstOverlappingByte) {
  Simulator s(2);
  SegmentId win = s.segment(32, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.fence(win, 1);
    if (r.rank() == 1) m.load(m.winAddr(win, 6), 4, 3);
    if (r.rank() == 0) m.put(win, 1, 8, buf, 4, 2);
    m.fence(win, 4);
  });
  ASSERT_EQ(s.races().size(), 1u);
  EXPECT_EQ(s.races()[0].memoryName, "win");
  EXPECT_EQ(s.races()[0].memoryRank, 1);
  EXPECT_EQ(s.races()[0].offsetBegin, 8u);
}

// A vector datatype: 4 ints with a stride of 8 bytes touch bytes 0-3, 8-11, 16-19, 24-27 only.
std::vector<RaceView> stridedPutAndStoreAt(uint64_t storeOffset) {
  Simulator s(2);
  SegmentId win = s.segment(32, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(16);
    m.fence(win, 1);
    if (r.rank() == 0) {
      ByteRanges vector;
      vector.addStrided(0, 4, 8, 4);
      m.putRanges(win, 1, vector, buf, 2);
    }
    if (r.rank() == 1) m.store(m.winAddr(win, storeOffset), 4, 3);
    m.fence(win, 4);
  });
  return racesOf(s);
}

TEST(ExactRanges, StridedPutDoesNotRaceWithAStoreIntoAGap) {
  EXPECT_THAT(stridedPutAndStoreAt(4), IsEmpty());
  EXPECT_THAT(stridedPutAndStoreAt(20), IsEmpty());
  EXPECT_THAT(stridedPutAndStoreAt(28), IsEmpty());
}
TEST(ExactRanges, StridedPutRacesWithAStoreIntoAnElement) {
  EXPECT_THAT(stridedPutAndStoreAt(16), ElementsAre(Remote("0:MPI_Put@2", "1:store@3")));
  EXPECT_THAT(stridedPutAndStoreAt(10), ElementsAre(Remote("0:MPI_Put@2", "1:store@3")));
}

// Two strided accesses from different origins interleave without touching the same bytes.
TEST(ExactRanges, InterleavedStridedPutsFromTwoOriginsAreRaceFree) {
  Simulator s(3);
  SegmentId win = s.segment(32, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(16);
    m.fence(win, 1);
    if (r.rank() != 1) {
      ByteRanges vector;
      vector.addStrided(r.rank() == 0 ? 0 : 4, 4, 8, 4); // even / odd ints
      m.putRanges(win, 1, vector, buf, r.rank() == 0 ? 2u : 3u);
    }
    m.fence(win, 4);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- lock_all + flush_all + barrier
// ----------------------------------------------------------------

std::vector<RaceView> lockAllPattern(bool flushAll) {
  Simulator s(3);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.put(win, 2, 0, buf, 4, 4);
      if (flushAll)
        m.flush(win, std::nullopt, 5); // MPI_Win_flush_all
      else
        m.flush(win, 1, 5); // MPI_Win_flush(1): target 2 is not flushed
    }
    m.barrier(6);
    if (r.rank() != 0) m.load(m.winAddr(win), 4, 7);
    if (r.rank() == 0) m.unlockAll(win, 8);
    m.barrier(9);
  });
  return racesOf(s);
}

TEST(LockAll, FlushAllThenBarrierOrdersThePuts) {
  EXPECT_THAT(lockAllPattern(true), IsEmpty());
}
TEST(LockAll, FlushOfOneTargetLeavesTheOtherConcurrent) {
  EXPECT_THAT(lockAllPattern(false), ElementsAre(Remote("0:MPI_Put@4", "2:load@7")));
}

// ---- Repeated accesses (a put and a flush in a loop keep one record; see also the e2e test) --

// The older record is kept when the origin learned, between the two accesses, that an access of
// another origin had completed: that access is ordered before the newer put only.
TEST(RepeatedAccess, AnAccessOrderedBeforeOnlyTheNewerOneStillRacesTheOlder) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 2);
      for (int i = 0; i < 3; ++i) {
        m.put(win, 1, 0, buf, 4, 3);
        m.flush(win, 1, 4);
        if (i == 1) m.recv(2, 0, 5);
      }
      m.unlockAll(win, 6);
    }
    if (r.rank() == 2) {
      m.lockAll(win, 10);
      m.put(win, 1, 0, buf, 4, 11);
      m.flush(win, 1, 12);
      m.send(0, 0, 13);
      m.unlockAll(win, 14);
    }
    m.barrier(20);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "2:MPI_Put@11")));
}

// Concurrent lock_all epochs of two origins writing the same location race (shared locks).
TEST(LockAll, TwoOriginsUnderLockAllRace) {
  Simulator s(3);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() != 1) {
      m.lockAll(win, 2);
      m.put(win, 1, 0, buf, 4, r.rank() == 0 ? 3u : 4u);
      m.flush(win, std::nullopt, 5);
      m.unlockAll(win, 6);
    }
    m.barrier(7);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "2:MPI_Put@4")));
}

// ---- External synchronisation of two origins
// ------------------------------------------------------

TEST(ExternalSync, FlushAllThenMessageOrdersTheOriginsUnderLockAll) {
  Simulator s(3);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.flush(win, std::nullopt, 4);
      m.send(2, 0, 5);
      m.unlockAll(win, 10);
    }
    if (r.rank() == 2) {
      m.recv(0, 0, 6);
      m.lockAll(win, 7);
      m.put(win, 1, 0, buf, 4, 8);
      m.unlockAll(win, 9);
    }
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// The message orders the second put after the first one's issue, but not after its completion.
TEST(ExternalSync, MessageBeforeTheFlushDoesNotOrderTheOrigins) {
  Simulator s(3);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lockAll(win, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.send(2, 0, 5);
      m.flush(win, std::nullopt, 4);
      m.unlockAll(win, 10);
    }
    if (r.rank() == 2) {
      m.recv(0, 0, 6);
      m.lockAll(win, 7);
      m.put(win, 1, 0, buf, 4, 8);
      m.unlockAll(win, 9);
    }
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@3", "2:MPI_Put@8")));
}

// A get and a put of two origins ordered by a message (a read completes at the flush too).
TEST(ExternalSync, GetThenMessageThenPutIsRaceFree) {
  Simulator s(3);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lock(win, 1, LockType::Shared, 2);
      m.get(win, 1, 0, buf, 4, 3);
      m.flushLocal(win, 1, 4); // a get is complete at the local flush
      m.send(2, 0, 5);
      m.unlock(win, 1, 10);
    }
    if (r.rank() == 2) {
      m.recv(0, 0, 6);
      m.lock(win, 1, LockType::Shared, 7);
      m.put(win, 1, 0, buf, 4, 8);
      m.unlock(win, 1, 9);
    }
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// ---- Transitive chains with delayed metadata (Fig. 5.13 and beyond)
// ------------------------------ Delivery::OnDemand keeps every batch in flight until a wait needs
// it. The target first loads X concurrently with the put (a race), then after the chain ends it
// loads X again (ordered). The later load supersedes the earlier one in the history, so the race is
// found only if the put's metadata is delivered when the chain ends, before the second load.

TEST(TransitiveChain, MessageChainDeliversThePutBeforeTheTargetGoesOn) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lock(win, 2, LockType::Exclusive, 2);
      m.put(win, 2, 0, buf, 4, 3);
      m.unlock(win, 2, 4);
      m.send(1, 0, 5);
    }
    if (r.rank() == 1) {
      m.recv(0, 0, 6);
      m.send(2, 0, 7);
    }
    if (r.rank() == 2) {
      m.load(m.winAddr(win), 4, 8); // concurrent with the put
      m.recv(1, 0, 9);
      m.load(m.winAddr(win), 4, 10); // ordered after the put
    }
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("2:load@8", "0:MPI_Put@3")));
}

TEST(TransitiveChain, BroadcastChainDeliversThePut) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lock(win, 2, LockType::Exclusive, 2);
      m.put(win, 2, 0, buf, 4, 3);
      m.unlock(win, 2, 4);
      m.send(1, 0, 5);
    }
    if (r.rank() == 1) m.recv(0, 0, 6);
    if (r.rank() == 2) m.load(m.winAddr(win), 4, 8);
    m.bcast(1, 9); // rank 1 passes rank 0's completion on to rank 2
    if (r.rank() == 2) m.load(m.winAddr(win), 4, 10);
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("2:load@8", "0:MPI_Put@3")));
}

TEST(TransitiveChain, SubgroupBarrierChainDeliversThePut) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lock(win, 2, LockType::Exclusive, 2);
      m.put(win, 2, 0, buf, 4, 3);
      m.unlock(win, 2, 4);
    }
    if (r.rank() != 2) m.barrier(GroupView{{0, 1}, 1}, 5);
    if (r.rank() == 2) m.load(m.winAddr(win), 4, 8);
    if (r.rank() != 0) m.barrier(GroupView{{1, 2}, 2}, 9);
    if (r.rank() == 2) m.load(m.winAddr(win), 4, 10);
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("2:load@8", "0:MPI_Put@3")));
}

// Rank 1 learns rank 2's completion through rank 0's contribution to a world-wide scan.
TEST(TransitiveChain, ScanChainDeliversThePut) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 2) {
      m.lock(win, 1, LockType::Exclusive, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.unlock(win, 1, 4);
      m.send(0, 0, 5);
    }
    if (r.rank() == 0) m.recv(2, 0, 6);
    if (r.rank() == 1) m.load(m.winAddr(win), 4, 8);
    m.scan(9); // rank 1 waits for ranks 0 and 1
    if (r.rank() == 1) m.load(m.winAddr(win), 4, 10);
    m.barrier(11);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:load@8", "2:MPI_Put@3")));
}

// No chain at all: the origin signals the target directly. The batch with the put and its
// completion is sealed before the signal, and the signal must tell the target to wait for it.
TEST(TransitiveChain, DirectMessageDeliversThePut) {
  Simulator s(2, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lock(win, 1, LockType::Exclusive, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.unlock(win, 1, 4);
      m.send(1, 0, 5);
    }
    if (r.rank() == 1) {
      m.load(m.winAddr(win), 4, 6); // concurrent with the put
      m.recv(0, 0, 7);
      m.load(m.winAddr(win), 4, 8); // ordered after the put
    }
    m.barrier(9);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:load@6", "0:MPI_Put@3")));
}

// PSCW with delayed metadata: MPI_Win_wait must see the notification of MPI_Win_complete.
TEST(TransitiveChain, DirectPscwDeliversThePut) {
  Simulator s(2, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 1) {
      m.post(win, {0}, 1);
      m.waitEpoch(win, 4);
      m.load(m.winAddr(win), 4, 5);
    } else {
      m.start(win, {1}, 1);
      m.put(win, 1, 0, buf, 4, 2);
      m.complete(win, 3);
    }
  });
  EXPECT_THAT(racesOf(s), IsEmpty());
}

// The middle hop is a lock: rank 0's unlock of rank 1's own window deposits its clock, rank 1's
// lock of its own window (a blocking acquisition) absorbs it and passes it on by message.
TEST(TransitiveChain, LockChainDeliversThePut) {
  Simulator s(3, sim::Options{sim::Delivery::OnDemand});
  SegmentId win = s.segment(8, "win");
  SegmentId win2 = s.segment(8, "win2");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.barrier(1);
    if (r.rank() == 0) {
      m.lock(win, 2, LockType::Exclusive, 2);
      m.put(win, 2, 0, buf, 4, 3);
      m.unlock(win, 2, 4);
      m.lock(win2, 1, LockType::Exclusive, 5);
      m.unlock(win2, 1, 6);
      sendToken(r, 1, 1);
    }
    if (r.rank() == 1) {
      awaitToken(r, 0, 1); // rank 0 held the lock first in this run
      m.lock(win2, 1, LockType::Exclusive, 7);
      m.unlock(win2, 1, 8);
      m.send(2, 0, 9);
    }
    if (r.rank() == 2) {
      m.load(m.winAddr(win), 4, 10);
      m.recv(1, 0, 11);
      m.load(m.winAddr(win), 4, 12);
    }
    m.barrier(13);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("2:load@10", "0:MPI_Put@3")));
}

// ---- Dynamic windows and out-of-bounds accesses
// ------------------------------------------------------

TEST(DynamicWindow, AttachedMemoryIsCheckedLikeAnyWindow) {
  Simulator s(2);
  SegmentId win = s.segment(0, "dynwin", /*dynamic=*/true);
  Address attached = 0; // rank 1's address, as MPI_Get_address + a message would pass it
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 1) {
      attached = r.allocate(16);
      m.attach(win, attached, 16); // MPI_Win_attach
      m.send(0, 0, 1);
      m.load(attached + 4, 4, 3); // concurrent with the put below
      m.load(attached + 8, 4, 4); // other bytes
    }
    if (r.rank() == 0) {
      Address buf = r.allocate(4);
      m.recv(1, 0, 2);
      m.lockAll(win, 5);
      m.putRanges(win, 1, ByteRanges(attached + 4, 4), buf, 6);
      m.unlockAll(win, 7);
    }
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:load@3", "0:MPI_Put@6")));
  EXPECT_THAT(s.errors(), IsEmpty());
}

TEST(DynamicWindow, AccessOutsideTheAttachedMemoryIsAnError) {
  Simulator s(2);
  SegmentId win = s.segment(0, "dynwin", true);
  Address attached = 0;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 1) {
      attached = r.allocate(16);
      m.attach(win, attached, 16);
      m.send(0, 0, 1);
    }
    if (r.rank() == 0) {
      Address buf = r.allocate(8);
      m.recv(1, 0, 2);
      m.lockAll(win, 3);
      m.putRanges(win, 1, ByteRanges(attached + 12, 8), buf, 4); // 4 bytes past the end
      m.unlockAll(win, 5);
    }
    m.barrier(6);
  });
  ASSERT_EQ(s.errors().size(), 1u);
  EXPECT_EQ(s.errors()[0].kind, "out-of-bounds");
  EXPECT_EQ(s.errors()[0].rank, 1);
  EXPECT_EQ(s.errors()[0].location.line, 4u);
  EXPECT_EQ(s.errors()[0].location.call, "MPI_Put");
  EXPECT_THAT(racesOf(s), IsEmpty());
}

TEST(DynamicWindow, AccessAfterDetachIsAnError) {
  Simulator s(2);
  SegmentId win = s.segment(0, "dynwin", true);
  Address attached = 0;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 1) {
      attached = r.allocate(16);
      m.attach(win, attached, 16);
      m.detach(win, attached); // MPI_Win_detach
      m.send(0, 0, 1);
    }
    if (r.rank() == 0) {
      Address buf = r.allocate(4);
      m.recv(1, 0, 2);
      m.lockAll(win, 3);
      m.putRanges(win, 1, ByteRanges(attached, 4), buf, 4);
      m.unlockAll(win, 5);
    }
    m.barrier(6);
  });
  ASSERT_EQ(s.errors().size(), 1u);
  EXPECT_EQ(s.errors()[0].kind, "out-of-bounds");
}

TEST(DynamicWindow, TwoAttachmentsAreTrackedSeparately) {
  Simulator s(2);
  SegmentId win = s.segment(0, "dynwin", true);
  Address first = 0, second = 0;
  s.run([&](SimRank &r) {
    Mpi m(r);
    if (r.rank() == 1) {
      first = r.allocate(8);
      second = r.allocate(8);
      m.attach(win, first, 8);
      m.attach(win, second, 8);
      m.send(0, 0, 1);
      m.store(second, 4, 3);
    }
    if (r.rank() == 0) {
      Address buf = r.allocate(4);
      m.recv(1, 0, 2);
      m.lockAll(win, 4);
      m.putRanges(win, 1, ByteRanges(first, 4), buf, 5);
      m.putRanges(win, 1, ByteRanges(second, 4), buf, 6);
      m.unlockAll(win, 7);
    }
    m.barrier(8);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@3", "0:MPI_Put@6")));
  EXPECT_THAT(s.errors(), IsEmpty());
}

TEST(StaticWindow, AccessBeyondTheWindowIsAnError) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(8);
    m.fence(win, 1);
    if (r.rank() == 0) m.put(win, 1, 4, buf, 8, 2); // bytes 4..11 of an 8-byte window
    m.fence(win, 3);
  });
  ASSERT_EQ(s.errors().size(), 1u);
  EXPECT_EQ(s.errors()[0].kind, "out-of-bounds");
  EXPECT_EQ(s.errors()[0].rank, 1);
  EXPECT_EQ(s.errors()[0].location.line, 2u);
}

// ---- PSCW: start orders the access epoch's RMA calls after the post (4.3.1)
// ------------------------

TEST(Pscw, StoreBeforePostIsOrderedBeforeTheEpochsPut) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 1) {
      m.store(m.winAddr(win), 4, 1);
      m.post(win, {0}, 2);
      m.store(m.winAddr(win), 4, 3); // inside the exposure epoch
      m.waitEpoch(win, 4);
      m.store(m.winAddr(win), 4, 5);
    } else {
      m.start(win, {1}, 2);
      m.put(win, 1, 0, buf, 4, 3);
      m.complete(win, 4);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:store@3", "0:MPI_Put@3")));
}

// MPI_Win_start need not block: it orders the epoch's RMA calls, not the origin's own loads.
TEST(Pscw, StartDoesNotOrderTheOriginsOwnLoads) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    if (r.rank() == 1) {
      m.lock(win, 0, LockType::Exclusive, 1);
      m.put(win, 0, 0, buf, 4, 2); // into rank 0's window, completed before the post
      m.unlock(win, 0, 3);
      m.post(win, {0}, 4);
      m.waitEpoch(win, 8);
    } else {
      m.start(win, {1}, 5);
      m.load(m.winAddr(win), 4, 6); // not ordered after rank 1's post
      m.complete(win, 7);
    }
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("1:MPI_Put@2", "0:load@6")));
}

// ---- Memory accesses of a rank to its own window through RMA ------------------------------------

TEST(SelfAccess, PutToOwnWindowRacesWithOwnLoadUntilCompleted) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.fence(win, 1);
    if (r.rank() == 0) {
      m.put(win, 0, 0, buf, 4, 2);
      m.load(m.winAddr(win), 4, 3);
    }
    m.fence(win, 4);
    if (r.rank() == 0) m.load(m.winAddr(win), 4, 5);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@2", "0:load@3")));
}

TEST(SelfAccess, PutToOwnWindowRacesWithAnotherOriginsPut) {
  Simulator s(2);
  SegmentId win = s.segment(8, "win");
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(4);
    m.fence(win, 1);
    m.put(win, 0, 0, buf, 4, r.rank() == 0 ? 2u : 3u);
    m.fence(win, 4);
  });
  EXPECT_THAT(racesOf(s), ElementsAre(Remote("0:MPI_Put@2", "1:MPI_Put@3")));
}

} // namespace
} // namespace rmarace::test
