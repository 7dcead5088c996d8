#include "suppressions.h"

#include "rmarace/core/report_format.h"

#include <fstream>
#include <sstream>

namespace rmarace::rt {

namespace {

constexpr char kComment = '#';
constexpr char kAnchorStart = '^';
constexpr char kAnchorEnd = '$';
constexpr char kWildcard = '*';

// Whether `pattern` (no anchors; `*` any run) matches a prefix of `text` that must be all of it
// when `toEnd`.
bool matchesAt(const char *pattern, const char *text, bool toEnd) {
  for (; *pattern; ++pattern, ++text) {
    if (*pattern == kWildcard) {
      for (const char *rest = text;; ++rest) {
        if (matchesAt(pattern + 1, rest, toEnd)) return true;
        if (!*rest) return false;
      }
    }
    if (!*text || *text != *pattern) return false;
  }
  return !toEnd || !*text;
}

std::string trimmed(const std::string &s) {
  std::size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  std::size_t end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

std::string basename(const std::string &path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

bool Suppressions::matches(const std::string &pattern, const std::string &text) {
  if (text.empty()) return false;
  std::string p = pattern;
  bool fromStart = !p.empty() && p.front() == kAnchorStart;
  if (fromStart) p.erase(0, 1);
  bool toEnd = !p.empty() && p.back() == kAnchorEnd;
  if (toEnd) p.pop_back();
  if (fromStart) return matchesAt(p.c_str(), text.c_str(), toEnd);
  for (std::size_t at = 0; at < text.size(); ++at)
    if (matchesAt(p.c_str(), text.c_str() + at, toEnd)) return true;
  return false;
}

void Suppressions::parse(const std::string &text, const std::string &file,
                         std::vector<std::string> &errors) {
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = trimmed(line);
    if (line.empty() || line.front() == kComment) continue;
    auto fail = [&](const std::string &problem) {
      errors.push_back(file + ":" + std::to_string(number) + ": " + problem + " in '" + line +
                       "' (expected race:PATTERN or call:PATTERN)");
    };
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) {
      fail("no rule type");
      continue;
    }
    std::string type = line.substr(0, colon);
    std::string pattern = trimmed(line.substr(colon + 1));
    Rule rule;
    if (type == "race")
      rule.type = RuleType::Race;
    else if (type == "call")
      rule.type = RuleType::Call;
    else {
      fail("unknown rule type '" + type + "'");
      continue;
    }
    if (pattern.empty() || pattern == std::string(1, kAnchorStart) ||
        pattern == std::string(1, kAnchorEnd)) {
      fail("empty pattern");
      continue;
    }
    rule.pattern = pattern;
    rule.text = type + ":" + pattern;
    rules_.push_back(std::move(rule));
  }
}

void Suppressions::load(const std::string &file, std::vector<std::string> &errors) {
  std::ifstream in(file);
  if (!in) {
    errors.push_back(file + ": cannot read the suppressions file");
    return;
  }
  std::ostringstream text;
  text << in.rdbuf();
  parse(text.str(), file, errors);
}

bool Suppressions::suppressesAccess(const Rule &rule, const AccessRecord &access) const {
  const Location &l = access.location;
  if (rule.type == RuleType::Call) return matches(rule.pattern, l.call);
  if (matches(rule.pattern, l.function) || matches(rule.pattern, l.module) ||
      matches(rule.pattern, l.file))
    return true;
  // `file:line`, with the path as reported and with the file's name only. The line number ends
  // the name: `race:a.c:42` is not line 421.
  if (l.file.empty()) return false;
  std::string pattern = rule.pattern;
  if (pattern.back() != kAnchorEnd && pattern.back() != kWildcard) pattern += kAnchorEnd;
  std::string line = ":" + std::to_string(l.line);
  return matches(pattern, formatLocation(l)) || matches(pattern, basename(l.file) + line);
}

const std::string *Suppressions::match(const RaceRecord &race) const {
  for (const Rule &rule : rules_)
    if (suppressesAccess(rule, race.earlier) || suppressesAccess(rule, race.later))
      return &rule.text;
  return nullptr;
}

} // namespace rmarace::rt
