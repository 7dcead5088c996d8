// Once-per-loop analysis: an access whose address stays the same while a loop nest in which
// nothing may synchronise runs (a field of a structure, the current atom's position read for
// every neighbour) repeats one check: the process's epoch and the page map do not change while
// such a loop runs (the argument of LoopRanges.h and PageCache.h), so a second check of the same
// bytes with the same kind finds nothing the first did not. Such an access is checked the first
// time it runs after the outermost of those loops is entered, and skips its check afterwards
// (a flag carried around the loops, AccessInstrumenter). Unlike a range check before the loop,
// this needs neither a known trip count nor the access in every iteration: the check happens
// only if the access does.
#ifndef RMARACE_INSTRUMENT_ONCEPERLOOP_H
#define RMARACE_INSTRUMENT_ONCEPERLOOP_H

#include <vector>

namespace llvm {
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace rmarace {

struct PlannedAccess;

// Gives the instrumented plain scalar accesses of one function that qualify their Once loop.
void planOncePerLoop(std::vector<PlannedAccess> &Accesses, llvm::LoopInfo &LI,
                     llvm::ScalarEvolution &SE);

} // namespace rmarace

#endif
