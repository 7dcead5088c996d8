// The listing of --rmarace-list: per function, how many loads, stores, atomics and memory ranges
// there are and how many are instrumented, then module totals with the instrumented fraction of
// loads and stores. Every line starts with "rmarace:" so that listings of many compilations can
// be collected from one file.
#ifndef RMARACE_INSTRUMENT_INSTRUMENTATIONLISTING_H
#define RMARACE_INSTRUMENT_INSTRUMENTATIONLISTING_H

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace rmarace {

struct InstrumentationPlan;

std::string formatListing(const InstrumentationPlan &Plan, const llvm::Module &M);

// Appends the listing to Plan.Options.ListFile in one write, or prints it on stderr.
void writeListing(const InstrumentationPlan &Plan, llvm::Module &M);

} // namespace rmarace

#endif
