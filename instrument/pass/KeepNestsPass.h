// Keeps the loop nests that the row planner checks once per nest (LoopRanges.h) in the shape it
// recognises. The vectoriser and the runtime unroller split an inner loop into a vector body, a
// remainder and a fallback; the instrumentation, which runs last, then finds three loops where
// the source has one, and checks a transposition's strided side one element at a time instead
// of as rows before the nest. Before the vectoriser, this pass marks the inner loops where that
// would happen as neither vectorised nor unrolled (what `#pragma clang loop vectorize(disable)
// interleave(disable)` and `#pragma nounroll` say). Loops whose hints ask for vectorisation,
// interleaving or unrolling are left alone.
#ifndef RMARACE_INSTRUMENT_KEEPNESTSPASS_H
#define RMARACE_INSTRUMENT_KEEPNESTSPASS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Loop;
class ScalarEvolution;
} // namespace llvm

namespace rmarace {

// The analysis: L is an innermost loop with a parent (the inner two loops of a nest) that calls
// nothing but intrinsics that touch no memory, and one of its loads or stores, not of a local
// array, strides through memory along L (by more than its size) and walks densely along L's
// parent: the strided side of a transposition, which the row planner checks as rows.
bool stridesAcrossRowsOfANest(const llvm::Loop &L, llvm::ScalarEvolution &SE);

class KeepNestsPass : public llvm::PassInfoMixin<KeepNestsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace rmarace

#endif
