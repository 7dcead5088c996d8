// Suppression files (runtime/src/suppressions.h): the grammar, its errors, and which races each
// rule form matches.
#include "suppressions.h"

#include <cstdio>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace rmarace::rt {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

RaceRecord race() {
  RaceRecord r;
  r.earlier.kind = AccessKind::Load;
  r.earlier.location.file = "/home/u/app/solver.c";
  r.earlier.location.line = 42;
  r.earlier.location.function = "solve";
  r.earlier.location.module = "/home/u/app/solver";
  r.later.kind = AccessKind::RemoteWrite;
  r.later.location.file = "/build/ga/src/matmul.c";
  r.later.location.line = 7;
  r.later.location.function = "ga_dgemm";
  r.later.location.call = "MPI_Accumulate";
  r.later.location.module = "/usr/lib/x86_64-linux-gnu/libga.so.0";
  return r;
}

Suppressions parsed(const std::string &text, std::vector<std::string> &errors) {
  Suppressions s;
  s.parse(text, "app.supp", errors);
  return s;
}

// The rule that matched `race()` under `text`, or "" when none did.
std::string matching(const std::string &text) {
  std::vector<std::string> errors;
  Suppressions s = parsed(text, errors);
  EXPECT_THAT(errors, IsEmpty());
  const std::string *rule = s.match(race());
  return rule ? *rule : "";
}

TEST(Suppressions, EachRuleFormMatchesEitherAccess) {
  EXPECT_EQ(matching("race:solve\n"), "race:solve");             // function
  EXPECT_EQ(matching("race:matmul.c\n"), "race:matmul.c");       // file
  EXPECT_EQ(matching("race:solver.c:42\n"), "race:solver.c:42"); // file:line
  EXPECT_EQ(matching("race:libga.so\n"), "race:libga.so");       // object file
  EXPECT_EQ(matching("call:MPI_Accumulate\n"), "call:MPI_Accumulate");
  EXPECT_EQ(matching("call:MPI_*\n"), "call:MPI_*");
}

TEST(Suppressions, RulesThatDoNotMatch) {
  EXPECT_EQ(matching("race:solver.c:4\n"), ""); // line 4 is not line 42
  EXPECT_EQ(matching("race:solver.c:421\n"), "");
  EXPECT_EQ(matching("race:libfoo.so\n"), "");
  EXPECT_EQ(matching("call:MPI_Get\n"), ""); // the calls are MPI_Accumulate and none
  EXPECT_EQ(matching("call:solve\n"), "");   // call: looks at calls only
  EXPECT_EQ(matching("race:^solver\n"), ""); // anchored: names start elsewhere
  EXPECT_EQ(matching("race:^ga_dgem$\n"), "");
}

TEST(Suppressions, AnchorsAndWildcards) {
  EXPECT_TRUE(Suppressions::matches("^ga_*$", "ga_dgemm"));
  EXPECT_TRUE(Suppressions::matches("dge", "ga_dgemm"));
  EXPECT_TRUE(Suppressions::matches("ga*mm", "ga_dgemm"));
  EXPECT_FALSE(Suppressions::matches("^dgemm", "ga_dgemm"));
  EXPECT_FALSE(Suppressions::matches("ga_$", "ga_dgemm"));
  EXPECT_FALSE(Suppressions::matches("x", ""));
}

TEST(Suppressions, FirstMatchingRuleIsNamedCommentsAndBlankLinesIgnored) {
  EXPECT_EQ(matching("# third-party code\n\n  race:nomatch  \nrace:ga_dgemm\ncall:MPI_*\n"),
            "race:ga_dgemm");
}

TEST(Suppressions, MalformedLinesAreErrorsNamingFileAndLine) {
  std::vector<std::string> errors;
  Suppressions s = parsed("race:solve\nfoo:bar\n# fine\nrace:\nnocolon\n", errors);
  EXPECT_THAT(errors, ElementsAre(HasSubstr("app.supp:2: unknown rule type 'foo'"),
                                  HasSubstr("app.supp:4: empty pattern"),
                                  HasSubstr("app.supp:5: no rule type")));
  // The good lines still apply.
  ASSERT_NE(s.match(race()), nullptr);
  EXPECT_EQ(*s.match(race()), "race:solve");
}

TEST(Suppressions, UnreadableFileIsAnError) {
  std::vector<std::string> errors;
  Suppressions s;
  s.load("/nonexistent/rmarace.supp", errors);
  EXPECT_THAT(errors, ElementsAre(HasSubstr("/nonexistent/rmarace.supp: cannot read")));
  EXPECT_TRUE(s.empty());
}

TEST(Suppressions, LoadsAFile) {
  char path[] = "/tmp/rmarace-supp-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  FILE *f = fdopen(fd, "w");
  std::fputs("call:MPI_Accumulate\n", f);
  std::fclose(f);
  std::vector<std::string> errors;
  Suppressions s;
  s.load(path, errors);
  std::remove(path);
  EXPECT_THAT(errors, IsEmpty());
  EXPECT_NE(s.match(race()), nullptr);
}

} // namespace
} // namespace rmarace::rt
