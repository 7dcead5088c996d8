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

} // namespace

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
         "  report_sarif=PATH write the run's SARIF report (rmarace-report) at the end\n";
}

Options Options::parse(const std::string &text, std::vector<std::string> &errors) {
  Options o;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t next = text.find(':', at);
    if (next == std::string::npos) next = text.size();
    std::string item = text.substr(at, next - at);
    at = next + 1;
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
    else {
      errors.push_back("unknown option '" + key + "'");
      continue;
    }
    if (!ok) errors.push_back("invalid value '" + value + "' for option '" + key + "'");
  }
  return o;
}

} // namespace rmarace::rt
