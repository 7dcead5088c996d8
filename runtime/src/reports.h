// Race and error reports of one process: printed when detected, appended to the run's JSON-lines
// log as they happen (one write per line, so nothing is lost when the program aborts or crashes),
// counted per pair of source locations, and merged across ranks into a summary at the end.
#pragma once

#include "rmarace/core/race.h"
#include "rmarace/runtime/options.h"
#include "suppressions.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace rmarace::rt {

class ReportWriter {
public:
  // `suppressions`: races to count only (RMARACE_OPTIONS suppressions=FILE).
  ReportWriter(const Options &options, Suppressions suppressions);
  ~ReportWriter();
  ReportWriter(const ReportWriter &) = delete;
  ReportWriter &operator=(const ReportWriter &) = delete;

  // The log file of the run (all ranks append to it); set before the first report.
  void setLogPath(const std::string &path) { logPath_ = path; }
  const std::string &logPath() const { return logPath_; }

  void race(const RaceRecord &race);
  void error(const ErrorRecord &error);
  uint64_t racesFound() const { return races_; } // not counting suppressed ones
  uint64_t errorsFound() const { return errors_; }

  // This rank's distinct races with counts, and its suppressed races per rule, serialised for
  // merging at rank 0.
  std::string exportSummary() const;
  // Rank 0: merges every rank's export, prints the summary, appends it to the log; returns the
  // number of distinct races.
  std::size_t printSummary(const std::vector<std::string> &exports, uint64_t totalErrors);

private:
  void appendLog(const std::string &line);
  static std::string pairKey(const RaceRecord &race);

  const Options &options_;
  Suppressions suppressions_;
  std::map<std::string, uint64_t> suppressed_; // occurrences, by the rule that matched
  std::string logPath_;
  int logFd_ = -1;
  uint64_t races_ = 0;
  uint64_t errors_ = 0;
  struct Entry {
    RaceRecord first;
    uint64_t count = 0;
    std::set<std::pair<Rank, Rank>> ranks;
  };
  std::map<std::string, Entry> entries_;
};

} // namespace rmarace::rt
