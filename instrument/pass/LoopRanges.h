// Loop range analysis: an instrumented load or store in a loop that walks memory with a constant
// stride equal to its size, executes in every iteration, and shares its loop with nothing that may
// synchronise, touches exactly the bytes [first, first + trip count * size) (or the mirror image
// for a reversed loop) within one epoch of the process. One range check before the loop then
// finds every race the per-iteration checks would, reported at the access's own line, at the cost
// of one call instead of one per iteration (the check combining of ASan-style instrumentation).
// Accesses that do not qualify (early exits, non-affine or strided addresses, calls in the loop)
// keep their per-iteration checks.
#ifndef RMARACE_INSTRUMENT_LOOPRANGES_H
#define RMARACE_INSTRUMENT_LOOPRANGES_H

#include <cstdint>
#include <optional>
#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
class Loop;
class Value;
} // namespace llvm

namespace rmarace {

struct PlannedAccess;

// The bytes Address advances by in each iteration of L (0: it is invariant in L), when that is a
// constant.
std::optional<int64_t> constantStepIn(llvm::Value *Address, const llvm::Loop &L,
                                      llvm::ScalarEvolution &SE);

// Marks the accesses of one function that qualify as HoistToLoopEntry, with their range.
void planLoopRanges(std::vector<PlannedAccess> &Accesses, llvm::LoopInfo &LI,
                    llvm::ScalarEvolution &SE, llvm::DominatorTree &DT);

} // namespace rmarace

#endif
