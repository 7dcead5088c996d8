// The per-thread logs of untracked accesses (runtime/src/untracked_accesses.h), compiled into the
// test: merging, the ring's bound, the summary that skips logs, consistency under a concurrent
// writer, and the stack of an exited thread.
#include "untracked_accesses.h"

#include <atomic>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

namespace rmarace::rt {
namespace {

constexpr rmarace_location kSiteA{"a.c", "f", 1, 1};
constexpr rmarace_location kSiteB{"b.c", "g", 2, 1};
constexpr ThreadId kThread = 3;
constexpr Epoch kEpoch = 7;

std::vector<UntrackedAccess> logged(const UntrackedAccesses &log, Address begin, Address end) {
  std::vector<UntrackedAccess> found;
  log.visit(begin, end, [&](const UntrackedAccess &a) { found.push_back(a); });
  return found;
}

Address addressOf(const void *p) {
  return reinterpret_cast<Address>(p);
}

TEST(UntrackedAccesses, ALoopOfOneSiteLeavesOneEntry) {
  UntrackedAccesses log;
  static int buffer[1000];
  std::thread([&] {
    for (int &x : buffer)
      log.record(kThread, kEpoch, addressOf(&x), sizeof x, true, false, &kSiteA);
  }).join();
  auto found = logged(log, addressOf(buffer), addressOf(buffer + 1000));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].begin, addressOf(buffer));
  EXPECT_EQ(found[0].end, addressOf(buffer + 1000));
  EXPECT_EQ(found[0].thread, kThread);
  EXPECT_EQ(found[0].epoch, kEpoch);
  EXPECT_TRUE(found[0].write);
  EXPECT_EQ(found[0].site, reinterpret_cast<LocationHandle>(&kSiteA));
}

TEST(UntrackedAccesses, SitesEpochsAndKindsStayApart) {
  UntrackedAccesses log;
  static int buffer[4];
  std::thread([&] {
    log.record(kThread, kEpoch, addressOf(&buffer[0]), 4, true, false, &kSiteA);
    log.record(kThread, kEpoch, addressOf(&buffer[1]), 4, true, false, &kSiteB);
    log.record(kThread, kEpoch + 1, addressOf(&buffer[2]), 4, true, false, &kSiteA);
    log.record(kThread, kEpoch, addressOf(&buffer[3]), 4, false, false, &kSiteA);
  }).join();
  EXPECT_EQ(logged(log, addressOf(buffer), addressOf(buffer + 4)).size(), 4u);
  auto second = logged(log, addressOf(&buffer[1]), addressOf(&buffer[2]));
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].site, reinterpret_cast<LocationHandle>(&kSiteB));
}

// Strided accesses never merge over the bytes between them: a buffer made of the gaps was not
// touched.
TEST(UntrackedAccesses, GapsAreNotClaimed) {
  UntrackedAccesses log;
  static int buffer[8];
  std::thread([&] {
    for (int i = 0; i < 8; i += 2)
      log.record(kThread, kEpoch, addressOf(&buffer[i]), 4, true, false, &kSiteA);
  }).join();
  EXPECT_TRUE(logged(log, addressOf(&buffer[1]), addressOf(&buffer[2])).empty());
  EXPECT_EQ(logged(log, addressOf(buffer), addressOf(buffer + 8)).size(), 4u);
}

TEST(UntrackedAccesses, TheRingKeepsTheNewestEntries) {
  UntrackedAccesses log;
  constexpr int kAccesses = 3000;
  static int buffer[2 * kAccesses];
  std::thread([&] {
    for (int i = 0; i < kAccesses; ++i)
      log.record(kThread, kEpoch, addressOf(&buffer[2 * i]), 4, true, false, &kSiteA);
  }).join();
  auto all = logged(log, addressOf(buffer), addressOf(buffer + 2 * kAccesses));
  ASSERT_GT(all.size(), 0u);
  ASSERT_LT(all.size(), static_cast<std::size_t>(kAccesses));
  EXPECT_TRUE(logged(log, addressOf(&buffer[0]), addressOf(&buffer[1])).empty());
  EXPECT_EQ(
      logged(log, addressOf(&buffer[2 * kAccesses - 2]), addressOf(&buffer[2 * kAccesses - 1]))
          .size(),
      1u);
}

TEST(UntrackedAccesses, OtherMemoryFindsNothing) {
  UntrackedAccesses log;
  static int touched[16], untouched[16];
  std::thread([&] {
    log.record(kThread, kEpoch, addressOf(touched), sizeof touched, true, false, &kSiteA);
  }).join();
  EXPECT_TRUE(logged(log, addressOf(untouched), addressOf(untouched + 16)).empty());
}

TEST(UntrackedAccesses, AnExitedThreadsStackIsForgotten) {
  UntrackedAccesses log;
  static int global[4];
  std::thread([&] {
    int local[4] = {0, 0, 0, 0};
    log.record(kThread, kEpoch, addressOf(local), sizeof local, true, false, &kSiteA);
    log.record(kThread, kEpoch, addressOf(global), sizeof global, true, false, &kSiteA);
  }).join();
  auto found = logged(log, 0, ~Address{0});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].begin, addressOf(global));
}

TEST(UntrackedAccesses, EpochsAreUnknownUntilPublished) {
  UntrackedAccesses log;
  Epoch epoch = 0;
  EXPECT_FALSE(log.published(kThread, epoch));
  log.publish(kThread, 0);
  ASSERT_TRUE(log.published(kThread, epoch));
  EXPECT_EQ(epoch, 0u);
  log.publish(kThread, kEpoch);
  ASSERT_TRUE(log.published(kThread, epoch));
  EXPECT_EQ(epoch, kEpoch);
  log.publish(UntrackedAccesses::kMaxLoggedThreads, kEpoch);
  EXPECT_FALSE(log.published(UntrackedAccesses::kMaxLoggedThreads, epoch));
}

// A reader that visits while the owner keeps extending and replacing entries sees whole entries
// only: every range it sees is one the writer wrote (starts on a block and spans whole elements
// of the site that wrote it).
TEST(UntrackedAccesses, AReaderSeesWholeEntriesWhileTheOwnerWrites) {
  UntrackedAccesses log;
  constexpr int kBlocks = 64, kBlock = 256;
  static int buffer[kBlocks * kBlock];
  std::atomic<bool> stop{false}, started{false};
  std::thread writer([&] {
    for (int round = 0; !stop.load(std::memory_order_relaxed); ++round) {
      for (int b = 0; b < kBlocks; ++b)
        for (int i = 0; i < kBlock; ++i)
          log.record(kThread, static_cast<Epoch>(round), addressOf(&buffer[b * kBlock + i]), 4,
                     true, false, b % 2 ? &kSiteA : &kSiteB);
      started.store(true, std::memory_order_release);
    }
  });
  while (!started.load(std::memory_order_acquire)) std::this_thread::yield();
  int seen = 0;
  for (int pass = 0; pass < 2000; ++pass) {
    log.visit(addressOf(buffer), addressOf(buffer + kBlocks * kBlock),
              [&](const UntrackedAccess &a) {
                ++seen;
                ASSERT_LT(a.begin, a.end);
                ASSERT_EQ((a.begin - addressOf(buffer)) % (kBlock * sizeof(int)), 0u);
                ASSERT_EQ((a.end - a.begin) % sizeof(int), 0u);
                ASSERT_LE(a.end - a.begin, kBlock * sizeof(int));
                std::size_t block = (a.begin - addressOf(buffer)) / (kBlock * sizeof(int));
                ASSERT_EQ(a.site, reinterpret_cast<LocationHandle>(block % 2 ? &kSiteA : &kSiteB));
              });
  }
  stop = true;
  writer.join();
  EXPECT_GT(seen, 0);
}

} // namespace
} // namespace rmarace::rt
