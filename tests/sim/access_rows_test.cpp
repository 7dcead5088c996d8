// Process::accessRows, the check of a loop nest's (or a strided loop's) rows in one call, finds
// exactly what checking each row with Process::access finds: the same races at the same offsets,
// whether the rows stay in one window, run past its end, or meet the buffer of the process's own
// RMA call in flight.
#include "verbs.h"

namespace rmarace::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr uint64_t kWinBytes = 1024;
constexpr uint32_t kLineRows = 3;

// Rows of `length` bytes, `step` apart from `first` (an offset in rank 1's window, which the rows
// may run past).
struct RowShape {
  uint64_t first, length, step, rows;
};

struct Seen {
  std::vector<RaceView> races;
  std::vector<uint64_t> offsets;
  uint64_t accessesChecked = 0;
};

// Rank 1 reads the rows in a fence epoch in which rank 0 puts `putBytes` at `putOffset` of rank
// 1's window, in one call or row by row. With `ownGet`, rank 1 also gets 64 bytes from rank 0
// into the rows' first 64 bytes (its own buffer in flight) before it reads them.
Seen readRows(bool oneCall, RowShape shape, uint64_t putOffset, uint64_t putBytes,
              bool ownGet = false) {
  Simulator s(2);
  SegmentId win = s.segment(kWinBytes, "win");
  uint64_t checked = 0;
  s.run([&](SimRank &r) {
    Mpi m(r);
    Address buf = r.allocate(putBytes);
    m.fence(win, 1);
    if (r.rank() == 0 && putBytes) m.put(win, 1, putOffset, buf, putBytes, 2);
    if (r.rank() == 1) {
      Address first = m.winAddr(win, shape.first);
      if (ownGet) m.get(win, 0, 0, first, 64, 4);
      uint64_t before = r.process().counts().accesses;
      if (oneCall)
        r.process().accessRows(first, shape.length, shape.step, shape.rows, false,
                               r.site(kLineRows));
      for (uint64_t row = 0; !oneCall && row < shape.rows; ++row)
        if (r.process().tracks(first + row * shape.step, shape.length))
          m.load(first + row * shape.step, shape.length, kLineRows);
      checked = r.process().counts().accesses - before;
    }
    m.fence(win, 5);
  });
  Seen seen{racesOf(s), {}, checked};
  for (const RaceRecord &race : s.races()) seen.offsets.push_back(race.offsetBegin);
  return seen;
}

// Both ways of checking the rows see the same; returns what they see.
Seen bothWays(RowShape shape, uint64_t putOffset, uint64_t putBytes, bool ownGet = false) {
  Seen one = readRows(true, shape, putOffset, putBytes, ownGet);
  Seen each = readRows(false, shape, putOffset, putBytes, ownGet);
  EXPECT_EQ(one.races, each.races);
  EXPECT_EQ(one.offsets, each.offsets);
  EXPECT_EQ(one.accessesChecked, each.accessesChecked);
  return one;
}

// A matrix of 8 rows of 16 doubles; the put writes element (5, 1).
constexpr uint64_t kRowBytes = 16 * 8, kElement51 = 5 * kRowBytes + 8;

TEST(AccessRows, TheColumnOfThePutElementRaces) {
  Seen seen = bothWays({8, 8, kRowBytes, 8}, kElement51, 8);
  EXPECT_THAT(seen.races, ElementsAre(Remote("0:MPI_Put@2", "1:load@3")));
  EXPECT_THAT(seen.offsets, ElementsAre(kElement51));
  EXPECT_EQ(seen.accessesChecked, 8u);
}

TEST(AccessRows, TheNextColumnDoesNot) {
  EXPECT_THAT(bothWays({16, 8, kRowBytes, 8}, kElement51, 8).races, IsEmpty());
}

TEST(AccessRows, RowsOfSeveralGranulesRaceAtTheFirstOverlappingByte) {
  Seen seen = bothWays({4, 40, 200, 5}, 230, 100); // rows 4, 204, 404, ...: [204, 244) meets it
  EXPECT_THAT(seen.races, ElementsAre(Remote("0:MPI_Put@2", "1:load@3")));
  EXPECT_THAT(seen.offsets, ElementsAre(230u));
}

TEST(AccessRows, RowsRunningPastTheWindowAreCheckedWhereTheyAreTracked) {
  // Rows at 900, 960, 1020 (across the window's end), 1080, ...: only the window's bytes count.
  Seen seen = bothWays({900, 8, 60, 6}, kWinBytes - 8, 8);
  EXPECT_THAT(seen.races, ElementsAre(Remote("0:MPI_Put@2", "1:load@3")));
  EXPECT_THAT(seen.offsets, ElementsAre(1020u));
  EXPECT_EQ(seen.accessesChecked, 3u);
}

TEST(AccessRows, RowsOverTheBufferOfAnOwnGetInFlightRaceWithIt) {
  Seen seen = bothWays({0, 8, 32, 8}, 0, 0, true); // rows 0, 32: in the get's buffer
  EXPECT_THAT(seen.races, ElementsAre(LocalBuffer("1:MPI_Get@4", "1:load@3")));
}

} // namespace
} // namespace rmarace::test
