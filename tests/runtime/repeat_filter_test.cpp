// The per-thread cache of checked accesses (runtime/src/repeat_filter.h): what a remembered access
// covers, and what makes the cache forget it.
#include "repeat_filter.h"

#include <gtest/gtest.h>
#include <thread>

namespace rmarace::rt {
namespace {

constexpr bool kLoad = false;
constexpr bool kStore = true;

// The first byte of line n of a range no other test uses; lines 1 to 6 have slots of their own.
Address lineAddress(uint64_t n) {
  constexpr uint64_t kFirstLine = uint64_t{0x7f0000000000} >> RepeatFilter::kLineShift;
  return (kFirstLine + n) << RepeatFilter::kLineShift;
}

TEST(RepeatFilter, CoversTheBytesAndKindAlreadyChecked) {
  uint64_t g = RepeatFilter::generation();
  Address a = lineAddress(1);
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kLoad, g));
  RepeatFilter::remember(a, 8, kLoad, g);
  EXPECT_TRUE(RepeatFilter::covers(a, 8, kLoad, g));
  EXPECT_TRUE(RepeatFilter::covers(a + 4, 4, kLoad, g));
  EXPECT_FALSE(RepeatFilter::covers(a + 4, 8, kLoad, g)) << "bytes 8 to 11 were not checked";
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kStore, g)) << "a load does not cover a store";
  RepeatFilter::remember(a + 8, 8, kStore, g);
  EXPECT_TRUE(RepeatFilter::covers(a + 8, 8, kStore, g));
  EXPECT_TRUE(RepeatFilter::covers(a + 8, 2, kLoad, g)) << "a store covers a load";
  EXPECT_TRUE(RepeatFilter::covers(a + 4, 8, kLoad, g)) << "a load of checked load and store bytes";
  EXPECT_FALSE(RepeatFilter::covers(a + 4, 8, kStore, g)) << "bytes 4 to 7 were only loaded";
}

TEST(RepeatFilter, ForgetsEverythingWhenTheEngineChanges) {
  uint64_t g = RepeatFilter::generation();
  Address a = lineAddress(2);
  RepeatFilter::remember(a, 8, kStore, g);
  ASSERT_TRUE(RepeatFilter::covers(a, 8, kStore, g));
  RepeatFilter::changed();
  uint64_t next = RepeatFilter::generation();
  EXPECT_NE(next, g);
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kStore, next));
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kLoad, next));
}

// The generation is shifted into a stamp that tags share with the line: when its bits run out,
// it stays at the last stamp, under which nothing is remembered, rather than wrapping to stamps
// that old entries still hold.
TEST(RepeatFilter, NothingIsRememberedOnceTheGenerationsRunOut) {
  uint64_t saved = __rmarace_repeat_stamp;
  __rmarace_repeat_stamp = RepeatFilter::kLastStamp - RepeatFilter::kStampStep;
  Address a = lineAddress(6);
  uint64_t g = RepeatFilter::generation();
  RepeatFilter::remember(a, 8, kLoad, g);
  EXPECT_TRUE(RepeatFilter::covers(a, 8, kLoad, g)) << "the last generation but one counts";
  RepeatFilter::changed();
  uint64_t last = RepeatFilter::generation();
  EXPECT_EQ(last, RepeatFilter::kLastStamp);
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kLoad, last));
  RepeatFilter::remember(a, 8, kLoad, last);
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kLoad, last)) << "remembered under the last stamp";
  RepeatFilter::changed();
  EXPECT_EQ(RepeatFilter::generation(), last) << "the stamp wrapped";
  __rmarace_repeat_stamp = saved;
  RepeatFilter::changed(); // a generation no entry holds
}

TEST(RepeatFilter, AWholeLineAndAccessesThatLeaveTheLine) {
  uint64_t g = RepeatFilter::generation();
  Address a = lineAddress(3);
  const uint64_t line = RepeatFilter::kLineBytes;
  RepeatFilter::remember(a, line, kStore, g);
  EXPECT_TRUE(RepeatFilter::covers(a + 56, 8, kStore, g));
  EXPECT_FALSE(RepeatFilter::covers(a + 60, 8, kStore, g)) << "bytes 64 to 67 were not checked";
  // An access that straddles two lines is remembered, and covered, as a part in each.
  RepeatFilter::remember(a + line - 4, 8, kStore, g);
  EXPECT_TRUE(RepeatFilter::covers(a + line, 4, kStore, g));
  EXPECT_TRUE(RepeatFilter::covers(a + 60, 8, kStore, g));
  EXPECT_TRUE(RepeatFilter::covers(a + 40, 28, kLoad, g));
  EXPECT_FALSE(RepeatFilter::covers(a + 60, 9, kStore, g)) << "byte 68 was not checked";
  EXPECT_FALSE(RepeatFilter::covers(a, line + 1, kStore, g)) << "more than a line, never";
  EXPECT_FALSE(RepeatFilter::covers(a, 0, kLoad, g));
}

TEST(RepeatFilter, ALineThatTakesTheSlotEvictsTheOneBefore) {
  uint64_t g = RepeatFilter::generation();
  Address a = lineAddress(4);
  Address sameSlot = a + (RepeatFilter::kEntries << RepeatFilter::kLineShift);
  RepeatFilter::remember(a, 8, kLoad, g);
  RepeatFilter::remember(sameSlot, 8, kLoad, g);
  EXPECT_TRUE(RepeatFilter::covers(sameSlot, 8, kLoad, g));
  EXPECT_FALSE(RepeatFilter::covers(a, 8, kLoad, g));
}

// The working set of a compute loop that reads window memory through an index (the positions of a
// molecular dynamics rank read through its neighbour lists): every position of 4 MiB of data
// checked once stays remembered until the engine changes.
TEST(RepeatFilter, RemembersFourMiBOfDataAtOnce) {
  constexpr uint64_t kDataBytes = uint64_t{4} << 20;
  constexpr uint64_t kPosition = 24; // three doubles
  uint64_t g = RepeatFilter::generation();
  Address first = lineAddress(uint64_t{1} << 20); // clear of the lines of the other tests
  for (Address p = first; p + kPosition <= first + kDataBytes; p += kPosition)
    RepeatFilter::remember(p, kPosition, kLoad, g);
  uint64_t covered = 0, positions = 0;
  for (Address p = first; p + kPosition <= first + kDataBytes; p += kPosition, ++positions)
    covered += RepeatFilter::covers(p, kPosition, kLoad, g);
  EXPECT_EQ(covered, positions);
}

TEST(RepeatFilter, EachThreadRemembersOnlyItsOwnAccesses) {
  uint64_t g = RepeatFilter::generation();
  Address a = lineAddress(5);
  RepeatFilter::remember(a, 8, kStore, g);
  bool otherCovered = true;
  std::thread other([&] { otherCovered = RepeatFilter::covers(a, 8, kStore, g); });
  other.join();
  EXPECT_FALSE(otherCovered);
  EXPECT_TRUE(RepeatFilter::covers(a, 8, kStore, g));
}

} // namespace
} // namespace rmarace::rt
