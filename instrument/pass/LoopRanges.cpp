#include "LoopRanges.h"

#include "ClusterAnalysis.h"
#include "InstrumentationPlan.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdlib>
#include <map>
#include <optional>

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

// An access of a loop whose address advances by a constant Step per iteration (0: invariant).
struct Walk {
  PlannedAccess *Planned;
  const SCEV *Start; // the address in the first iteration
  int64_t Step;
  uint64_t Size;
};

std::optional<Walk> walkOf(PlannedAccess &Planned, const Loop &L, ScalarEvolution &SE) {
  const SCEV *Address = SE.getSCEV(Planned.Access.Address);
  uint64_t Size = Planned.Access.Size.getFixedSize();
  if (SE.isLoopInvariant(Address, &L)) return Walk{&Planned, Address, 0, Size};
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine()) return std::nullopt;
  const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().getMinSignedBits() > 64) return std::nullopt;
  return Walk{&Planned, Rec->getStart(), Step->getAPInt().getSExtValue(), Size};
}

// Accesses from one source location that one range check can stand for together: the same
// kind, the same stride, and addresses a constant distance apart (the vectoriser's interleaved
// parts of one access, an unrolled loop's copies).
bool sameSourceAccess(const Walk &A, const Walk &B) {
  const Instruction *I = A.Planned->Access.Inst;
  const Instruction *J = B.Planned->Access.Inst;
  return A.Step == B.Step && A.Step != 0 && I->getOpcode() == J->getOpcode() &&
         I->getDebugLoc().get() == J->getDebugLoc().get();
}

std::optional<int64_t> distance(const Walk &From, const Walk &To, ScalarEvolution &SE) {
  const auto *Delta = dyn_cast<SCEVConstant>(SE.getMinusSCEV(To.Start, From.Start));
  if (!Delta || Delta->getAPInt().getMinSignedBits() > 64) return std::nullopt;
  return Delta->getAPInt().getSExtValue();
}

// The bytes one iteration of the group touches, [Offset, Offset + Span) from its lowest access,
// if they are contiguous.
struct Footprint {
  std::size_t Lowest; // index in the group of the access at the lowest address
  uint64_t Span;
};

std::optional<Footprint> footprintOf(const std::vector<Walk> &Group, ScalarEvolution &SE) {
  std::vector<std::pair<int64_t, std::size_t>> Offsets;
  for (std::size_t I = 0; I < Group.size(); ++I) {
    std::optional<int64_t> Offset = distance(Group.front(), Group[I], SE);
    if (!Offset) return std::nullopt;
    Offsets.emplace_back(*Offset, I);
  }
  llvm::sort(Offsets);
  int64_t Reach = Offsets.front().first;
  for (auto [Offset, I] : Offsets) {
    if (Offset > Reach) return std::nullopt; // a gap
    Reach = std::max(Reach, Offset + static_cast<int64_t>(Group[I].Size));
  }
  return Footprint{Offsets.front().second, static_cast<uint64_t>(Reach - Offsets.front().first)};
}

// One range check for a group of accesses of L whose footprints over all iterations form one
// contiguous range: the access at the lowest address is hoisted with the whole range, the others
// are covered by it.
bool planRange(std::vector<Walk> &Group, const Loop &L, ScalarEvolution &SE) {
  std::optional<Footprint> Foot = footprintOf(Group, SE);
  if (!Foot) return false;
  const Walk &Lowest = Group[Foot->Lowest];
  uint64_t Stride = static_cast<uint64_t>(std::abs(Lowest.Step));
  // A stride beyond the footprint leaves gaps between iterations that one range would include.
  if (Stride > Foot->Span) return false;
  Type *Int64 = Type::getInt64Ty(Lowest.Planned->Access.Inst->getContext());
  const SCEV *BackedgesTaken = SE.getNoopOrZeroExtend(SE.getBackedgeTakenCount(&L), Int64);
  const SCEV *Begin = Lowest.Start;
  if (Lowest.Step < 0) // the lowest address is reached in the last iteration
    Begin = SE.getAddExpr(Begin, SE.getMulExpr(BackedgesTaken, SE.getConstant(Int64, Lowest.Step)));
  const SCEV *Length = SE.getAddExpr(SE.getMulExpr(BackedgesTaken, SE.getConstant(Int64, Stride)),
                                     SE.getConstant(Int64, Foot->Span));
  // Computed in the predecessor, which may not enter the loop: only expressions that cannot trap.
  Instruction *Entry = L.getLoopPredecessor()->getTerminator();
  if (!isSafeToExpandAt(Begin, Entry, SE) || !isSafeToExpandAt(Length, Entry, SE)) return false;
  for (Walk &Member : Group) {
    if (&Member == &Lowest) continue;
    Member.Planned->Verdict = PlannedAccess::Decision::SkipCovered;
    Member.Planned->CoveredBy = Lowest.Planned->Access.Inst;
  }
  Lowest.Planned->Verdict = PlannedAccess::Decision::HoistToLoopEntry;
  Lowest.Planned->Range = {Entry, L.getHeader(), Begin, Length};
  return true;
}

// Plans the range checks of L's qualifying accesses, grouping those of one source location.
void planLoop(std::vector<Walk> &Walks, const Loop &L, ScalarEvolution &SE) {
  std::vector<bool> Grouped(Walks.size(), false);
  for (std::size_t I = 0; I < Walks.size(); ++I) {
    if (Grouped[I]) continue;
    std::vector<Walk> Group{Walks[I]};
    for (std::size_t J = I + 1; J < Walks.size(); ++J) {
      if (Grouped[J] || !sameSourceAccess(Walks[I], Walks[J])) continue;
      Grouped[J] = true;
      Group.push_back(Walks[J]);
    }
    if (!planRange(Group, L, SE) && Group.size() > 1) // members may still qualify alone
      for (Walk &Member : Group) {
        std::vector<Walk> Alone{Member};
        planRange(Alone, L, SE);
      }
  }
}

} // namespace

void planLoopRanges(std::vector<PlannedAccess> &Accesses, LoopInfo &LI, ScalarEvolution &SE,
                    DominatorTree &DT) {
  std::map<const Loop *, bool> Qualifies;
  // Ordered by first appearance so that the plan does not depend on pointer values.
  std::vector<std::pair<const Loop *, std::vector<Walk>>> Loops;
  std::map<const Loop *, std::size_t> LoopIndex;
  for (PlannedAccess &Planned : Accesses) {
    if (!isPlainScalarAccess(Planned)) continue;
    const Loop *L = LI.getLoopFor(Planned.Access.Inst->getParent());
    if (!L) continue;
    auto [It, New] = Qualifies.try_emplace(L, false);
    if (New) It->second = hasCountableShape(*L, SE) && !loopMaySynchronise(*L);
    if (!It->second || !DT.dominates(Planned.Access.Inst->getParent(), L->getLoopLatch())) continue;
    std::optional<Walk> W = walkOf(Planned, *L, SE);
    if (!W) continue;
    auto [Index, Added] = LoopIndex.try_emplace(L, Loops.size());
    if (Added) Loops.emplace_back(L, std::vector<Walk>{});
    Loops[Index->second].second.push_back(*W);
  }
  for (auto &[L, Walks] : Loops) planLoop(Walks, *L, SE);
}

} // namespace rmarace
