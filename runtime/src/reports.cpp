#include "reports.h"

#include "rmarace/core/report_format.h"

#include <cstdio>
#include <fcntl.h>
#include <sstream>
#include <unistd.h>

namespace rmarace::rt {

namespace {

void writeAll(int fd, const std::string &s) {
  std::size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// Fields of the summary export are separated by control characters that never occur in them.
constexpr char kField = '\x1f';
constexpr char kRecord = '\x1e';
// A race record has its key, count, JSON and text; a suppression record its rule and count.
constexpr std::size_t kRaceFields = 4;
constexpr std::size_t kSuppressedFields = 2;

} // namespace

ReportWriter::ReportWriter(const Options &options, Suppressions suppressions)
    : options_(options), suppressions_(std::move(suppressions)) {}

ReportWriter::~ReportWriter() {
  if (logFd_ >= 0) ::close(logFd_);
}

std::string ReportWriter::pairKey(const RaceRecord &race) {
  auto side = [](const AccessRecord &a) {
    return std::string(accessKindName(a.kind)) + '@' + formatLocation(a.location) + '/' +
           a.location.call;
  };
  std::string a = side(race.earlier), b = side(race.later);
  if (b < a) std::swap(a, b);
  return std::string(raceKindName(race.kind)) + '|' + a + '|' + b;
}

void ReportWriter::appendLog(const std::string &line) {
  if (logFd_ < 0 && !logPath_.empty())
    logFd_ = ::open(logPath_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (logFd_ >= 0) writeAll(logFd_, line + "\n");
}

void ReportWriter::race(const RaceRecord &race) {
  if (const std::string *rule = suppressions_.match(race)) {
    ++suppressed_[*rule];
    return;
  }
  ++races_;
  Entry &e = entries_[pairKey(race)];
  bool first = e.count == 0;
  if (first) e.first = race;
  ++e.count;
  e.ranks.emplace(race.earlier.rank, race.later.rank);
  if (!first) return;
  if (options_.printReports) writeAll(2, formatRaceText(race));
  appendLog(formatRaceJson(race));
}

void ReportWriter::error(const ErrorRecord &error) {
  ++errors_;
  writeAll(2, formatErrorText(error));
  appendLog(formatErrorJson(error));
}

std::string ReportWriter::exportSummary() const {
  std::ostringstream out;
  for (const auto &[key, e] : entries_) {
    out << key << kField << e.count << kField << formatRaceJson(e.first) << kField
        << formatRaceBrief(e.first, "     ") << kRecord;
  }
  for (const auto &[rule, count] : suppressed_) out << rule << kField << count << kRecord;
  return out.str();
}

std::size_t ReportWriter::printSummary(const std::vector<std::string> &exports,
                                       uint64_t totalErrors) {
  struct Merged {
    uint64_t count = 0;
    std::string json, text;
  };
  std::map<std::string, Merged> merged;
  std::map<std::string, uint64_t> suppressed; // by rule
  uint64_t total = 0, totalSuppressed = 0;
  for (const std::string &part : exports) {
    std::size_t at = 0;
    while (at < part.size()) {
      std::size_t end = part.find(kRecord, at);
      if (end == std::string::npos) break;
      std::string record = part.substr(at, end - at);
      at = end + 1;
      std::vector<std::string> fields;
      std::size_t f = 0;
      for (std::size_t i = 0; i <= record.size(); ++i) {
        if (i == record.size() || record[i] == kField) {
          fields.push_back(record.substr(f, i - f));
          f = i + 1;
        }
      }
      if (fields.size() == kSuppressedFields) {
        uint64_t count = std::stoull(fields[1]);
        suppressed[fields[0]] += count;
        totalSuppressed += count;
        continue;
      }
      if (fields.size() != kRaceFields) continue;
      Merged &m = merged[fields[0]];
      uint64_t count = std::stoull(fields[1]);
      m.count += count;
      total += count;
      if (m.json.empty()) {
        m.json = fields[2];
        m.text = fields[3];
      }
    }
  }
  if (options_.printSummary && (!merged.empty() || totalErrors || totalSuppressed)) {
    std::ostringstream out;
    out << "rmarace: SUMMARY: " << merged.size() << " data race" << (merged.size() == 1 ? "" : "s")
        << " (distinct pairs of source locations, " << total << " occurrence"
        << (total == 1 ? "" : "s") << ")";
    if (totalErrors) out << ", " << totalErrors << " error" << (totalErrors == 1 ? "" : "s");
    if (totalSuppressed) out << ", " << totalSuppressed << " suppressed";
    out << "\n";
    for (const auto &[key, m] : merged) out << "  " << m.count << " x " << m.text;
    for (const auto &[rule, count] : suppressed)
      out << "  " << count << " x suppressed by " << rule << "\n";
    writeAll(2, out.str());
  }
  std::ostringstream json;
  json << "{\"type\":\"summary\",\"distinct_races\":" << merged.size()
       << ",\"occurrences\":" << total << ",\"errors\":" << totalErrors
       << ",\"suppressed\":" << totalSuppressed << "}";
  appendLog(json.str());
  return merged.size();
}

} // namespace rmarace::rt
