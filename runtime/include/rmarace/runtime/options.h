// Runtime options: RMARACE_OPTIONS=key=value:key=value (the sanitizer convention).
#pragma once

#include <string>
#include <vector>

namespace rmarace::rt {

struct Options {
  int exitcode = 66;        // exit code when races or errors were found; 0 keeps the program's own
  std::string logPath;      // JSON-lines report file; empty: rmarace-<id>.jsonl
  bool printReports = true; // print each new race on stderr as it is detected
  bool printSummary = true; // rank 0 prints the merged summary at MPI_Finalize
  bool symbolize = true;    // resolve call sites of uninstrumented code with addr2line
  int verbosity = 0;        // 1: startup notes and each rank's overview at the end
  std::string suppressions; // suppressions file (runtime/src/suppressions.h); empty: none
  std::string reportHtml;   // rank 0 writes the HTML report of the log here at the end
  std::string reportSarif;  // rank 0 writes the SARIF report of the log here at the end

  // Parses the option string; unknown keys and malformed values are errors (returned, one
  // message each, naming the problem).
  static Options parse(const std::string &text, std::vector<std::string> &errors);
  static const char *help();
};

} // namespace rmarace::rt
