#include "LoopRanges.h"

#include "ClusterAnalysis.h"
#include "InstrumentationPlan.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <map>

namespace rmarace {

using namespace llvm;

namespace {

// Nothing in the loop may synchronise (a call that may, a fence, an atomic that may order other
// threads' accesses): the process's epoch is then the same in every iteration as before the loop.
bool loopMaySynchronise(const Loop &L) {
  for (const BasicBlock *Block : L.blocks())
    for (const Instruction &I : *Block)
      if (maySynchronise(I) || I.isAtomic()) return true;
  return false;
}

// A loop whose body runs completely in every iteration: entered from one block outside it, left
// only at the latch, with a trip count ScalarEvolution knows on entry.
bool hasCountableShape(const Loop &L, ScalarEvolution &SE) {
  const BasicBlock *Latch = L.getLoopLatch();
  return L.getLoopPredecessor() && Latch && L.getExitingBlock() == Latch &&
         !isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L));
}

bool isPlainScalarAccess(const PlannedAccess &Planned) {
  const MemoryAccess &Access = Planned.Access;
  if (!Planned.instrumented() || Access.Form != MemoryAccess::Shape::Scalar || Access.isAtomic() ||
      Access.Size.isScalable())
    return false;
  if (const auto *Load = dyn_cast<LoadInst>(Access.Inst)) return !Load->isVolatile();
  if (const auto *Store = dyn_cast<StoreInst>(Access.Inst)) return !Store->isVolatile();
  return false;
}

// The bytes the access touches over all iterations of L, if they are contiguous.
bool planRange(PlannedAccess &Planned, const Loop &L, ScalarEvolution &SE) {
  const MemoryAccess &Access = Planned.Access;
  uint64_t Size = Access.Size.getFixedSize();
  const SCEV *Address = SE.getSCEV(Access.Address);
  Type *Int64 = Type::getInt64Ty(Access.Inst->getContext());
  const SCEV *BackedgesTaken = SE.getBackedgeTakenCount(&L);
  const SCEV *Begin = nullptr;
  const SCEV *Length = nullptr;
  if (SE.isLoopInvariant(Address, &L)) {
    Begin = Address;
    Length = SE.getConstant(Int64, Size);
  } else {
    const auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
    if (!Rec || Rec->getLoop() != &L || !Rec->isAffine()) return false;
    const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
    // A stride other than the size leaves gaps (or overlaps) that one range would misdescribe.
    if (!Step || Step->getAPInt().abs() != Size) return false;
    const SCEV *Last = Rec->evaluateAtIteration(BackedgesTaken, SE);
    Begin = Step->getAPInt().isNegative() ? Last : Rec->getStart();
    const SCEV *Iterations =
        SE.getAddExpr(SE.getNoopOrZeroExtend(BackedgesTaken, Int64), SE.getOne(Int64));
    Length = SE.getMulExpr(Iterations, SE.getConstant(Int64, Size));
  }
  // Computed in the predecessor, which may not enter the loop: only expressions that cannot trap.
  Instruction *Entry = L.getLoopPredecessor()->getTerminator();
  if (!isSafeToExpandAt(Begin, Entry, SE) || !isSafeToExpandAt(Length, Entry, SE)) return false;
  Planned.Verdict = PlannedAccess::Decision::HoistToLoopEntry;
  Planned.Range = {Entry, L.getHeader(), Begin, Length};
  return true;
}

} // namespace

void planLoopRanges(std::vector<PlannedAccess> &Accesses, LoopInfo &LI, ScalarEvolution &SE,
                    DominatorTree &DT) {
  std::map<const Loop *, bool> Qualifies;
  for (PlannedAccess &Planned : Accesses) {
    if (!isPlainScalarAccess(Planned)) continue;
    const Loop *L = LI.getLoopFor(Planned.Access.Inst->getParent());
    if (!L) continue;
    auto [It, New] = Qualifies.try_emplace(L, false);
    if (New) It->second = hasCountableShape(*L, SE) && !loopMaySynchronise(*L);
    if (!It->second || !DT.dominates(Planned.Access.Inst->getParent(), L->getLoopLatch())) continue;
    planRange(Planned, *L, SE);
  }
}

} // namespace rmarace
