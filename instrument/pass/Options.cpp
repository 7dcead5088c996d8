#include "Options.h"

#include "llvm/Support/CommandLine.h"

namespace rmarace {
namespace {

llvm::cl::OptionCategory Category("rmarace instrumentation");

llvm::cl::opt<InstrumentationMode>
    Mode("rmarace-mode", llvm::cl::desc("Which memory accesses rmarace instruments"),
         llvm::cl::init(InstrumentationMode::Selective), llvm::cl::cat(Category),
         llvm::cl::values(clEnumValN(InstrumentationMode::Selective, "selective",
                                     "accesses that may touch RMA-relevant memory (default)"),
                          clEnumValN(InstrumentationMode::Full, "full", "every access")));

llvm::cl::opt<bool>
    WholeProgram("rmarace-whole-program",
                 llvm::cl::desc("The module is the whole program: only symbols listed in "
                                "-rmarace-external-symbols are visible to code outside it"),
                 llvm::cl::cat(Category));

llvm::cl::opt<std::string> ExternalSymbols(
    "rmarace-external-symbols",
    llvm::cl::desc("File with the names (one per line) of symbols of a whole-program module that "
                   "code outside the module refers to"),
    llvm::cl::value_desc("path"), llvm::cl::cat(Category));

llvm::cl::opt<std::string>
    ProgramName("rmarace-program-name",
                llvm::cl::desc("Name of the whole program, for the instrumentation listing"),
                llvm::cl::value_desc("name"), llvm::cl::cat(Category));

llvm::cl::opt<bool> Cluster("rmarace-cluster",
                            llvm::cl::desc("Instrument repeated accesses to one address in a basic "
                                           "block once (default on)"),
                            llvm::cl::init(true), llvm::cl::cat(Category));
llvm::cl::opt<bool>
    PageCaches("rmarace-page-caches",
               llvm::cl::desc("Keep the last unmarked page of accesses that walk memory in loops "
                              "that cannot synchronise, and run their page filter only on a new "
                              "page (default on)"),
               llvm::cl::init(true), llvm::cl::cat(Category));

llvm::cl::opt<bool>
    OncePerLoop("rmarace-once-per-loop",
                llvm::cl::desc("Check an access whose address stays the same in loops that "
                               "cannot synchronise once per entry of the outermost such loop "
                               "(default on)"),
                llvm::cl::init(true), llvm::cl::cat(Category));

llvm::cl::opt<bool>
    LoopRanges("rmarace-loop-ranges",
               llvm::cl::desc("Check the accesses of simple loops once per loop, as "
                              "ranges before the loop (default on)"),
               llvm::cl::init(true), llvm::cl::cat(Category));

llvm::cl::opt<bool> List("rmarace-list",
                         llvm::cl::desc("Print how many accesses were instrumented per function"),
                         llvm::cl::cat(Category));

llvm::cl::opt<std::string>
    ListFile("rmarace-list-file",
             llvm::cl::desc("Append the instrumentation listing to this file instead of stderr"),
             llvm::cl::value_desc("path"), llvm::cl::cat(Category));

llvm::cl::opt<LocalBufferSeverity> LocalBuffer(
    "rmarace-local-buffer",
    llvm::cl::desc("Report at compile time accesses to local buffers of pending RMA operations"),
    llvm::cl::init(LocalBufferSeverity::Off), llvm::cl::cat(Category),
    llvm::cl::values(clEnumValN(LocalBufferSeverity::Off, "off", "no check (default)"),
                     clEnumValN(LocalBufferSeverity::Warning, "warning", "as warnings"),
                     clEnumValN(LocalBufferSeverity::Error, "error", "as errors")));

} // namespace

InstrumentationOptions instrumentationOptions() {
  InstrumentationOptions Options;
  Options.Mode = Mode;
  Options.WholeProgram = WholeProgram;
  Options.ExternalSymbolsFile = ExternalSymbols;
  Options.ProgramName = ProgramName;
  Options.ClusterAccesses = Cluster;
  Options.LoopRanges = LoopRanges;
  Options.PageCaches = PageCaches;
  Options.OncePerLoop = OncePerLoop;
  Options.List = List || !ListFile.empty();
  Options.ListFile = ListFile;
  Options.LocalBufferCheck = LocalBuffer;
  return Options;
}

const char *modeName(InstrumentationMode M) {
  return M == InstrumentationMode::Full ? "full" : "selective";
}

} // namespace rmarace
