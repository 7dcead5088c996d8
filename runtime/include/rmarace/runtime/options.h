// Runtime options: RMARACE_OPTIONS=key=value:key=value (the sanitizer convention).
#pragma once

#include "rmarace/runtime/api.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rmarace::rt {

// The stages of the pessimistic schedule, selectable one by one (nasty_stages=delay,reorder).
enum NastyStage : unsigned {
  kNastyDelay = 1u << 0,   // hold RMA calls until the completion call that forces them
  kNastyReorder = 1u << 1, // issue what is issued together in a seeded random order
  kNastySplit = 1u << 2,   // split large puts and gets into element or chunk pieces
};
inline constexpr unsigned kAllNastyStages = kNastyDelay | kNastyReorder | kNastySplit;

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
  // Collectives whose members share a node exchange the tool's data through shared memory,
  // carried by the application's own call (MPI barriers, reductions and fences); false: by the
  // tool's own collective (fences: by accumulates into fence areas).
  bool sharedExchange = true;

  // The pessimistic schedule (docs/nasty.md): RMA calls are issued as late and in as hostile an
  // order as the standard allows. Stages are bits of NastyStage; seed 0 means "pick one".
  bool nastySchedule = false;
  unsigned nastyStages = kAllNastyStages;
  uint64_t seed = 0;

  // Parses the option string; unknown keys and malformed values are errors (returned, one
  // message each, naming the problem).
  static Options parse(const std::string &text, std::vector<std::string> &errors);
  static const char *help();
  // "delay,reorder,split" for the stage bits (in that order).
  RMARACE_API static std::string nastyStageNames(unsigned stages);
};

} // namespace rmarace::rt
