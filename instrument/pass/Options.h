// Configuration of the rmarace pass, read from its command-line options (`-mllvm -rmarace-...` with
// clang, after `-Xclang -load -Xclang RmaracePass.so`; plain `-rmarace-...` with opt after
// `-load RmaracePass.so`). Without options the pass instruments selectively, per translation unit.
#ifndef RMARACE_INSTRUMENT_OPTIONS_H
#define RMARACE_INSTRUMENT_OPTIONS_H

#include <string>

namespace rmarace {

enum class InstrumentationMode {
  // Only accesses that may touch RMA-relevant memory.
  Selective,
  // Every access except those that certainly cannot touch RMA-relevant memory.
  Full
};

// What the compile-time local buffer check (LocalBufferCheck.h) does with what it finds. The
// compiler wrappers choose it from clang's warning options (-Werror, -Wno-rmarace-local-buffer).
enum class LocalBufferSeverity { Off, Warning, Error };

struct InstrumentationOptions {
  InstrumentationMode Mode = InstrumentationMode::Selective;
  // The module is a whole program (the link step of rmarace-cc): its externally visible symbols are
  // reachable from outside only when ExternalSymbolsFile lists them.
  bool WholeProgram = false;
  std::string ExternalSymbolsFile;
  // The name of the whole program (its output file), for the listing.
  std::string ProgramName;
  // Instrument repeated accesses to one address within a basic block once.
  bool ClusterAccesses = true;
  // Check the accesses of simple loops once per loop, as ranges (LoopRanges.h).
  bool LoopRanges = true;
  // Run the page filter of walking accesses only on a new page (PageCache.h).
  bool PageCaches = true;
  // Check an access at an address its loops do not change once per loop entry (OncePerLoop.h).
  bool OncePerLoop = true;
  // Print per-function counts of instrumented accesses to ListFile (appending) or stderr.
  bool List = false;
  std::string ListFile;
  // The compile-time local buffer check; off unless asked for (the wrappers ask for it).
  LocalBufferSeverity LocalBufferCheck = LocalBufferSeverity::Off;
};

InstrumentationOptions instrumentationOptions();

const char *modeName(InstrumentationMode Mode);

} // namespace rmarace

#endif
