// Page cache analysis: an access of a loop that walks memory with a small constant step, or
// stays at one address, finds the same page in most iterations. While a loop in which nothing may
// synchronise runs, the page map of rmarace.h gains no marks: pages are marked only by RMA library
// calls and thread creation, which synchronise. So a page the access's filter found unmarked stays
// unmarked, and the access keeps it in a register carried around the loop: it runs the page
// filter only when its page differs from the last unmarked one (AccessInstrumenter). Accesses of
// window memory have no page filter; accesses in RMA memory take the filter every time as before.
#ifndef RMARACE_INSTRUMENT_PAGECACHE_H
#define RMARACE_INSTRUMENT_PAGECACHE_H

#include <vector>

namespace llvm {
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace rmarace {

struct PlannedAccess;

// Gives the instrumented scalar accesses of one function that qualify their loop's PageCache.
void planPageCaches(std::vector<PlannedAccess> &Accesses, llvm::LoopInfo &LI,
                    llvm::ScalarEvolution &SE);

} // namespace rmarace

#endif
