// Suppressions in the sanitizer style (RMARACE_OPTIONS=suppressions=FILE): races whose accesses
// come from code the user does not own (a third-party library, a known benign race) are counted,
// not printed, and do not change the exit code.
//
// One rule per line, `type:pattern`; `#` starts a comment line, blank lines are ignored.
//   race:PATTERN  a race one of whose two accesses is in a function, source file, `file:line` or
//                 object file (program or shared library) that PATTERN matches
//   call:PATTERN  a race one of whose two accesses was made by a call (e.g. MPI_Get) that
//                 PATTERN matches
// PATTERN matches anywhere in the name unless anchored: `^` at its start, `$` at its end; `*`
// matches any run of characters (ThreadSanitizer's rules).
#pragma once

#include "rmarace/core/race.h"

#include <string>
#include <vector>

namespace rmarace::rt {

class Suppressions {
public:
  // Parses `text`, read from `file`; malformed lines are skipped and described in `errors` as
  // "FILE:LINE: problem".
  void parse(const std::string &text, const std::string &file, std::vector<std::string> &errors);
  // Reads and parses `file`; an unreadable file is an error too.
  void load(const std::string &file, std::vector<std::string> &errors);

  bool empty() const { return rules_.empty(); }
  // The first rule (as written, `type:pattern`) that suppresses `race`, or nullptr.
  const std::string *match(const RaceRecord &race) const;

  // Whether `pattern` matches `text` (the matching rules above).
  static bool matches(const std::string &pattern, const std::string &text);

private:
  enum class RuleType { Race, Call };
  struct Rule {
    RuleType type;
    std::string pattern;
    std::string text; // as written
  };
  bool suppressesAccess(const Rule &rule, const AccessRecord &access) const;

  std::vector<Rule> rules_;
};

} // namespace rmarace::rt
