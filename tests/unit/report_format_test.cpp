// Report rendering (report_format.h): the words users rely on (DESIGN.md, "Conventions") and
// well-formed JSON.
#include "rmarace/core/report_format.h"

#include <cctype>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace rmarace {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A minimal JSON checker: true if `s` is exactly one valid JSON value.
class JsonChecker {
public:
  explicit JsonChecker(const std::string &s) : s_(s) {}
  bool valid() {
    skip();
    if (!value()) return false;
    skip();
    return i_ == s_.size();
  }

private:
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
      ++i_;
  }
  bool literal(const char *word) {
    std::string w(word);
    if (s_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  bool string() {
    if (s_[i_] != '"') return false;
    for (++i_; i_ < s_.size(); ++i_) {
      unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return false; // raw control characters are not allowed
      if (c == '\\') {
        if (++i_ >= s_.size()) return false;
        char e = s_[i_];
        if (e == 'u') {
          for (int k = 0; k < 4; ++k)
            if (++i_ >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_])))
              return false;
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
          return false;
        }
      }
    }
    return false;
  }
  bool number() {
    std::size_t start = i_;
    if (s_[i_] == '-') ++i_;
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' ||
                              s_[i_] == 'e' || s_[i_] == 'E' || s_[i_] == '+' || s_[i_] == '-'))
      ++i_;
    return i_ > start;
  }
  bool value() {
    if (i_ >= s_.size()) return false;
    char c = s_[i_];
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return string();
    if (c == 't') return literal("true");
    if (c == 'f') return literal("false");
    if (c == 'n') return literal("null");
    return number();
  }
  bool object() {
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
    for (;;) {
      skip();
      if (i_ >= s_.size() || !string()) return false;
      skip();
      if (i_ >= s_.size() || s_[i_++] != ':') return false;
      skip();
      if (!value()) return false;
      skip();
      if (i_ >= s_.size()) return false;
      if (s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (s_[i_] == '}') return ++i_, true;
      return false;
    }
  }
  bool array() {
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
    for (;;) {
      skip();
      if (!value()) return false;
      skip();
      if (i_ >= s_.size()) return false;
      if (s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (s_[i_] == ']') return ++i_, true;
      return false;
    }
  }
  const std::string &s_;
  std::size_t i_ = 0;
};

TEST(JsonChecker, AcceptsAndRejects) {
  EXPECT_TRUE(JsonChecker(R"({"a":[1,2,{"b":"c\"d"}],"e":true,"f":null})").valid());
  EXPECT_FALSE(JsonChecker(R"({"a":"unterminated})").valid());
  EXPECT_FALSE(JsonChecker("{\"a\":\"raw\nnewline\"}").valid());
  EXPECT_FALSE(JsonChecker(R"({"a":1,})").valid());
}

Location loc(const std::string &file, uint32_t line, const std::string &call = "") {
  Location l;
  l.file = file;
  l.function = "main";
  l.call = call;
  l.line = line;
  return l;
}

// Fig. 2.8a as a record: rank 1's print races with rank 0's put between two barriers.
RaceRecord remoteRace() {
  RaceRecord r;
  r.kind = RaceKind::Remote;
  r.memoryRank = 1;
  r.memoryName = "win";
  r.offsetBegin = 8;
  r.offsetEnd = 9;
  r.earlier.rank = 1;
  r.earlier.kind = AccessKind::Load;
  r.earlier.size = 4;
  r.earlier.location = loc("race.c", 17);
  r.later.rank = 0;
  r.later.kind = AccessKind::RemoteWrite;
  r.later.size = 4;
  r.later.location = loc("race.c", 13, "MPI_Put");
  ConcurrentRegion region;
  region.begin = loc("race.c", 9, "MPI_Barrier");
  region.end = loc("race.c", 19, "MPI_Barrier");
  region.ended = true;
  r.region = region;
  return r;
}

TEST(ReportFormat, TextNamesTheRaceKindBothAccessesAndTheRegion) {
  std::string text = formatRaceText(remoteRace());
  EXPECT_THAT(text, HasSubstr("data race"));
  EXPECT_THAT(text, HasSubstr("remote"));
  EXPECT_THAT(text, HasSubstr("race.c:17"));
  EXPECT_THAT(text, HasSubstr("race.c:13"));
  EXPECT_THAT(text, HasSubstr("MPI_Put"));
  EXPECT_THAT(text, HasSubstr("rank 0"));
  EXPECT_THAT(text, HasSubstr("rank 1"));
  EXPECT_THAT(text, HasSubstr("win"));
  EXPECT_THAT(text, HasSubstr("offset 8"));
  // The concurrent region with both bounds.
  EXPECT_THAT(text, HasSubstr("MPI_Barrier at race.c:9"));
  EXPECT_THAT(text, HasSubstr("MPI_Barrier at race.c:19"));
  EXPECT_THAT(text, Not(HasSubstr("occurrences")));
}

TEST(ReportFormat, TextOfALocalBufferRace) {
  RaceRecord r = remoteRace();
  r.kind = RaceKind::LocalBuffer;
  r.memoryRank = 0;
  r.memoryName = "local memory";
  r.outsideSegments = true;
  r.offsetBegin = 0x7ffd1000;
  r.earlier.rank = 0;
  r.earlier.kind = AccessKind::BufferWrite;
  r.earlier.location = loc("race.c", 4, "MPI_Get");
  r.later.kind = AccessKind::Load;
  r.later.location = loc("race.c", 5);
  std::string text = formatRaceText(r);
  EXPECT_THAT(text, HasSubstr("data race"));
  EXPECT_THAT(text, HasSubstr("local buffer"));
  EXPECT_THAT(text, HasSubstr("on rank 0, local memory at address 0x7ffd1000\n"));
  EXPECT_THAT(text, HasSubstr("race.c:4"));
  EXPECT_THAT(text, HasSubstr("race.c:5"));
  EXPECT_THAT(text, HasSubstr("MPI_Get"));
}

TEST(ReportFormat, TextCountsOccurrencesAndOpenRegions) {
  RaceRecord r = remoteRace();
  r.region->ended = false;
  std::string text = formatRaceText(r, 3);
  EXPECT_THAT(text, HasSubstr("3 occurrences"));
  EXPECT_THAT(text, HasSubstr("never completed"));
  r.region.reset();
  EXPECT_THAT(formatRaceText(r), Not(HasSubstr("Concurrent region")));
}

TEST(ReportFormat, ARegionStartBeyondTheKeptHistoryIsSaidToBe) {
  RaceRecord r = remoteRace();
  r.region->begin = Location{};
  r.region->beginForgotten = true;
  std::string text = formatRaceText(r);
  EXPECT_THAT(text, HasSubstr("from a synchronisation call too far back to name to MPI_Barrier"));
  EXPECT_THAT(text, Not(HasSubstr("program start")));
  std::string json = formatRaceJson(r);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr("\"begin_forgotten\":true"));
  EXPECT_THAT(formatRaceJson(remoteRace()), Not(HasSubstr("begin_forgotten")));
}

TEST(ReportFormat, TheThreadAndWhatItRanAreNamed) {
  RaceRecord r = remoteRace();
  r.later.thread = 2;
  r.later.location.context = "OpenMP thread 1 of the parallel region at race.c:11";
  std::string text = formatRaceText(r);
  EXPECT_THAT(text, HasSubstr("from rank 0, thread 2 (OpenMP thread 1 of the parallel region at "
                              "race.c:11): race.c:13"));
  EXPECT_THAT(text, HasSubstr("Load of 4 bytes at rank 1: race.c:17"));
  std::string json = formatRaceJson(r);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr(R"("thread":2)"));
  EXPECT_THAT(json,
              HasSubstr(R"("context":"OpenMP thread 1 of the parallel region at race.c:11")"));
  EXPECT_THAT(formatRaceJson(remoteRace()), Not(HasSubstr("context")));
}

TEST(ReportFormat, TextShowsAtomicity) {
  RaceRecord r = remoteRace();
  r.later.atomicOp = AtomicOp::Sum;
  r.later.atomicType = BasicType::Short;
  r.earlier.languageAtomic = true;
  std::string text = formatRaceText(r);
  EXPECT_THAT(text, HasSubstr("sum"));
  EXPECT_THAT(text, HasSubstr("short"));
  EXPECT_THAT(text, HasSubstr("atomic"));
}

// Why atomic operations still race: the rule of 2.3.4 they do not meet, in text and JSON.
TEST(ReportFormat, AtomicRacesSayWhichRuleMakesThemRaces) {
  RaceRecord r = remoteRace();
  r.earlier.kind = AccessKind::RemoteWrite;
  r.earlier.atomicOp = AtomicOp::Replace;
  r.earlier.atomicType = BasicType::UnsignedChar;
  r.later.atomicOp = AtomicOp::Sum;
  r.later.atomicType = BasicType::Double;
  EXPECT_THAT(formatRaceText(r),
              HasSubstr("  Why: atomic operations on different basic datatypes (unsigned char and "
                        "double) are neither atomic nor ordered with respect to each other\n"));
  std::string json = formatRaceJson(r);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr("\"why\":\"atomic operations on different basic datatypes"));
  r.earlier.atomicType = BasicType::Double;
  EXPECT_THAT(formatRaceText(r), HasSubstr("only when they apply the same operation or one only "
                                           "reads, not replace and sum"));
  r.earlier.atomicOp = AtomicOp::Sum;
  EXPECT_THAT(formatRaceText(r), HasSubstr("elements do not coincide"));
  r.earlier.atomicOp = AtomicOp::None;
  r.earlier.kind = AccessKind::Load;
  EXPECT_THAT(formatRaceText(r), HasSubstr("atomic only with respect to other atomic operations, "
                                           "and the load is not one"));
  // A conflict without atomics needs no rule.
  EXPECT_THAT(formatRaceText(remoteRace()), Not(HasSubstr("Why:")));
  EXPECT_THAT(formatRaceJson(remoteRace()), Not(HasSubstr("why")));
}

TEST(ReportFormat, JsonNamesTheObjectFileWhenKnown) {
  RaceRecord r = remoteRace();
  r.later.location.module = "/usr/lib/libga.so";
  std::string json = formatRaceJson(r);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr(R"("module":"/usr/lib/libga.so")"));
}

TEST(ReportFormat, DirectAccessThroughSharedMemory) {
  RaceRecord r = remoteRace();
  r.later.direct = true;
  r.later.location = loc("race.c", 13);
  std::string text = formatRaceText(r);
  EXPECT_THAT(text, HasSubstr("Direct store of 4 bytes from rank 0: race.c:13"));
  EXPECT_THAT(text, HasSubstr("Concurrent region of the direct store at rank 1"));
  r.later.kind = AccessKind::RemoteRead;
  EXPECT_THAT(formatRaceText(r), HasSubstr("Direct load of 4 bytes from rank 0"));
  std::string json = formatRaceJson(r, 1);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr("\"access\":\"remote read\",\"size\":4"));
  EXPECT_THAT(json, HasSubstr("\"direct\":true"));
  EXPECT_THAT(json, HasSubstr("\"direct\":false")); // the other access
}

TEST(ReportFormat, JsonIsValidAndCarriesTheFields) {
  std::string json = formatRaceJson(remoteRace(), 2);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_EQ(json.find('\n'), std::string::npos); // one line
  EXPECT_THAT(json, HasSubstr("\"kind\":\"remote\""));
  EXPECT_THAT(json, HasSubstr("\"count\":2"));
  EXPECT_THAT(json, HasSubstr("\"memory\":\"win\""));
  EXPECT_THAT(json, HasSubstr("\"call\":\"MPI_Put\""));
  EXPECT_THAT(json, HasSubstr("\"line\":17"));
  EXPECT_THAT(json, HasSubstr("\"region\""));
}

TEST(ReportFormat, JsonEscapesQuotesBackslashesAndControlCharacters) {
  RaceRecord r = remoteRace();
  r.memoryName = "my \"win\"";
  r.earlier.location.file = "dir\\we\"ird\tname\n.c";
  r.later.location.function = std::string("f\x01", 2);
  std::string json = formatRaceJson(r);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr(R"("memory":"my \"win\"")"));
  EXPECT_THAT(json, HasSubstr(R"(dir\\we\"ird\tname\n.c)"));
  EXPECT_THAT(json, HasSubstr(R"(f\u0001)"));
}

TEST(ReportFormat, JsonWithoutRegion) {
  RaceRecord r = remoteRace();
  r.region.reset();
  std::string json = formatRaceJson(r);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, Not(HasSubstr("\"region\"")));
}

TEST(ReportFormat, Errors) {
  ErrorRecord e;
  e.kind = "out-of-bounds";
  e.rank = 1;
  e.message = "RMA access to bytes [4, 12) of window \"win\"";
  e.location = loc("race.c", 2, "MPI_Put");
  std::string text = formatErrorText(e);
  EXPECT_THAT(text, HasSubstr("error"));
  EXPECT_THAT(text, HasSubstr("rank 1"));
  EXPECT_THAT(text, HasSubstr("MPI_Put at race.c:2"));
  std::string json = formatErrorJson(e);
  EXPECT_TRUE(JsonChecker(json).valid()) << json;
  EXPECT_THAT(json, HasSubstr("\"kind\":\"out-of-bounds\""));
}

TEST(ReportFormat, Location) {
  EXPECT_EQ(formatLocation(loc("a.c", 3)), "a.c:3");
  EXPECT_EQ(formatLocation(Location{}), "<unknown location>");
}

} // namespace
} // namespace rmarace
