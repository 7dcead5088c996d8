#include "rmarace/runtime/options.h"

#include <cerrno>
#include <cstdlib>

namespace rmarace::rt {

namespace {

bool parseInt(const std::string &value, int &out) {
  if (value.empty()) return false;
  char *end = nullptr;
  errno = 0;
  long v = std::strtol(value.c_str(), &end, 10);
  if (errno || *end != '\0' || v < -1000000 || v > 1000000) return false;
  out = static_cast<int>(v);
  return true;
}

bool parseBool(const std::string &value, bool &out) {
  if (value == "1" || value == "true" || value == "yes") return out = true, true;
  if (value == "0" || value == "false" || value == "no") return out = false, true;
  return false;
}

bool parseSeed(const std::string &value, uint64_t &out) {
  if (value.empty() || value[0] == '-') return false;
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(value.c_str(), &end, 10);
  if (errno || *end != '\0' || v == 0) return false;
  out = v;
  return true;
}

// The pieces of `text` between separators (empty pieces included).
std::vector<std::string> splitAt(const std::string &text, char separator) {
  std::vector<std::string> pieces;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t next = text.find(separator, at);
    if (next == std::string::npos) next = text.size();
    pieces.push_back(text.substr(at, next - at));
    at = next + 1;
  }
  return pieces;
}

struct StageName {
  const char *name;
  NastyStage stage;
};
constexpr StageName kStageNames[] = {
    {"delay", kNastyDelay}, {"reorder", kNastyReorder}, {"split", kNastySplit}};

// A comma-separated list of stage names, or "all"; at least one stage.
bool parseStages(const std::string &value, unsigned &out) {
  if (value == "all") return out = kAllNastyStages, true;
  unsigned stages = 0;
  for (const std::string &name : splitAt(value, ',')) {
    bool known = false;
    for (const StageName &s : kStageNames)
      if (name == s.name) stages |= s.stage, known = true;
    if (!known) return false;
  }
  out = stages;
  return stages != 0;
}

} // namespace

std::string Options::nastyStageNames(unsigned stages) {
  std::string names;
  for (const StageName &s : kStageNames)
    if (stages & s.stage) names += (names.empty() ? "" : ",") + std::string(s.name);
  return names;
}

const char *Options::help() {
  return "RMARACE_OPTIONS=key=value:key=value with keys\n"
         "  exitcode=N        exit code when races or errors were found (default 66; 0: keep the "
         "program's)\n"
         "  log_path=PATH     JSON-lines report file (default rmarace-<id>.jsonl)\n"
         "  print_reports=0|1 print each race on stderr when detected (default 1)\n"
         "  print_summary=0|1 print the merged summary at MPI_Finalize on rank 0 (default 1)\n"
         "  symbolize=0|1     resolve call sites of uninstrumented code (default 1)\n"
         "  verbosity=N       0 quiet, 1 startup notes and each rank's overview at the end\n"
         "  suppressions=FILE races not to report (lines race:PATTERN or call:PATTERN)\n"
         "  report_html=PATH  write the run's HTML report (rmarace-report) at the end\n"
         "  report_sarif=PATH write the run's SARIF report (rmarace-report) at the end\n"
         "  shared_exchange=0|1  exchange the tool's data of barriers, reductions and fences, "
         "and batches between ranks of a node, through shared memory (default 1)\n"
         "  schedule=normal|nasty  nasty: issue RMA calls as late and as reordered as MPI "
         "allows\n"
         "  nasty_stages=LIST stages of the nasty schedule: delay,reorder,split (default all)\n"
         "  seed=N            seed of the nasty schedule (default: from the time, printed)\n";
}

Options Options::parse(const std::string &text, std::vector<std::string> &errors) {
  Options o;
  for (const std::string &item : splitAt(text, ':')) {
    if (item.empty()) continue;
    std::size_t eq = item.find('=');
    if (eq == std::string::npos) {
      errors.push_back("option '" + item + "' has no value (expected key=value)");
      continue;
    }
    std::string key = item.substr(0, eq);
    std::string value = item.substr(eq + 1);
    bool ok = true;
    if (key == "exitcode")
      ok = parseInt(value, o.exitcode) && o.exitcode >= 0 && o.exitcode < 256;
    else if (key == "log_path")
      ok = !value.empty(), o.logPath = value;
    else if (key == "print_reports")
      ok = parseBool(value, o.printReports);
    else if (key == "print_summary")
      ok = parseBool(value, o.printSummary);
    else if (key == "symbolize")
      ok = parseBool(value, o.symbolize);
    else if (key == "verbosity")
      ok = parseInt(value, o.verbosity);
    else if (key == "suppressions")
      ok = !value.empty(), o.suppressions = value;
    else if (key == "report_html")
      ok = !value.empty(), o.reportHtml = value;
    else if (key == "report_sarif")
      ok = !value.empty(), o.reportSarif = value;
    else if (key == "shared_exchange")
      ok = parseBool(value, o.sharedExchange);
    else if (key == "schedule")
      ok = value == "normal" || value == "nasty", o.nastySchedule = value == "nasty";
    else if (key == "nasty_stages")
      ok = parseStages(value, o.nastyStages);
    else if (key == "seed")
      ok = parseSeed(value, o.seed);
    else {
      errors.push_back("unknown option '" + key + "'");
      continue;
    }
    if (!ok) errors.push_back("invalid value '" + value + "' for option '" + key + "'");
  }
  return o;
}

} // namespace rmarace::rt
