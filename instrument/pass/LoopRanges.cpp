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
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace rmarace {

using namespace llvm;

namespace {

// A loop whose body runs completely in every iteration: entered from one block outside it, left
// only at the latch, with a trip count ScalarEvolution knows on entry.
bool hasCountableShape(const Loop &L, ScalarEvolution &SE) {
  const BasicBlock *Latch = L.getLoopLatch();
  return L.getLoopPredecessor() && Latch && L.getExitingBlock() == Latch &&
         !isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L));
}

bool isPlainScalarAccess(const PlannedAccess &Planned) {
  return Planned.instrumented() && Planned.Access.isPlainScalar();
}

// A constant that fits 64 bits, as a signed byte count.
std::optional<int64_t> constantBytes(const SCEV *S) {
  const auto *Constant = dyn_cast<SCEVConstant>(S);
  if (!Constant || Constant->getAPInt().getMinSignedBits() > 64) return std::nullopt;
  return Constant->getAPInt().getSExtValue();
}

// L's backedges taken (its trip count less one), as an i64.
const SCEV *backedgesTaken(const Loop &L, ScalarEvolution &SE, Type *Int64) {
  return SE.getNoopOrZeroExtend(SE.getBackedgeTakenCount(&L), Int64);
}

// The start and step of an address that is invariant in L (step 0) or affine in L.
std::optional<std::pair<const SCEV *, const SCEV *>> affineIn(const SCEV *Address, const Loop &L,
                                                              ScalarEvolution &SE, Type *Int64) {
  if (SE.isLoopInvariant(Address, &L)) return std::pair{Address, SE.getZero(Int64)};
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine()) return std::nullopt;
  return std::pair{Rec->getStart(), SE.getNoopOrSignExtend(Rec->getStepRecurrence(SE), Int64)};
}

// An access of a loop whose address advances by a constant Step per iteration (0: invariant).
struct Walk {
  PlannedAccess *Planned;
  const SCEV *Start; // the address in the first iteration
  int64_t Step;
  uint64_t Size;
};

std::optional<Walk> walkOf(PlannedAccess &Planned, const Loop &L, ScalarEvolution &SE) {
  Type *Int64 = Type::getInt64Ty(Planned.Access.Inst->getContext());
  auto InL = affineIn(SE.getSCEV(Planned.Access.Address), L, SE, Int64);
  if (!InL) return std::nullopt;
  std::optional<int64_t> Step = constantBytes(InL->second);
  if (!Step) return std::nullopt;
  return Walk{&Planned, InL->first, *Step, Planned.Access.Size.getFixedSize()};
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
  return constantBytes(SE.getMinusSCEV(To.Start, From.Start));
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
bool planRange(std::vector<Walk> &Group, const Loop &L, ScalarEvolution &SE,
               std::set<const Instruction *> &Leaders) {
  std::optional<Footprint> Foot = footprintOf(Group, SE);
  if (!Foot) return false;
  const Walk &Lowest = Group[Foot->Lowest];
  uint64_t Stride = static_cast<uint64_t>(std::abs(Lowest.Step));
  // A stride beyond the footprint leaves gaps between iterations that one range would include.
  if (Stride > Foot->Span) return false;
  Type *Int64 = Type::getInt64Ty(Lowest.Planned->Access.Inst->getContext());
  const SCEV *BackedgesTaken = backedgesTaken(L, SE, Int64);
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
  Lowest.Planned->Range = {Entry, L.getHeader(), Begin, Length, nullptr, nullptr, {}};
  if (Group.size() > 1) Leaders.insert(Lowest.Planned->Access.Inst);
  return true;
}

// Plans the range checks of L's qualifying accesses, grouping those of one source location.
void planLoop(std::vector<Walk> &Walks, const Loop &L, ScalarEvolution &SE,
              std::set<const Instruction *> &Leaders) {
  std::vector<bool> Grouped(Walks.size(), false);
  for (std::size_t I = 0; I < Walks.size(); ++I) {
    if (Grouped[I]) continue;
    std::vector<Walk> Group{Walks[I]};
    for (std::size_t J = I + 1; J < Walks.size(); ++J) {
      if (Grouped[J] || !sameSourceAccess(Walks[I], Walks[J])) continue;
      Grouped[J] = true;
      Group.push_back(Walks[J]);
    }
    if (!planRange(Group, L, SE, Leaders) && Group.size() > 1) // members may qualify alone
      for (Walk &Member : Group) {
        std::vector<Walk> Alone{Member};
        planRange(Alone, L, SE, Leaders);
      }
  }
}

// ---- Loop nests of two: rows ------------------------------------------------------------------
// An access of loop L inside loop P, where P enters L in every iteration and L's trip count does
// not change with P, walks {{Base,+,Outer}<P>,+,Inner}<L>: P's iterations touch rows of the same
// length, Outer bytes apart, when L walks densely (a constant |Inner| <= size), or L's
// iterations touch rows Inner bytes apart when P walks densely (a transposition loop's strided
// side). One check of the rows before P then stands for all iterations of both loops, as one
// range check stands for one loop's.

// The parent of L, if its body runs L completely in every iteration with the same trip count, or
// in none: L's predecessor is reached in every iteration of P, or behind a branch on a condition
// that does not change in P (the guard loop rotation puts in front of L, which LICM hoists when
// L's trip count is invariant). The guard is then tested before P.
struct Nest {
  const Loop *Outer = nullptr;
  PlannedAccess::LoopGuard Guard;
};

std::optional<Nest> enclosingNest(const Loop &L, ScalarEvolution &SE, DominatorTree &DT,
                                  const std::function<bool(const Loop &)> &Qualifies) {
  const Loop *P = L.getParentLoop();
  if (!P || !Qualifies(*P) || !SE.isLoopInvariant(SE.getBackedgeTakenCount(&L), P))
    return std::nullopt;
  BasicBlock *Predecessor = L.getLoopPredecessor();
  const BasicBlock *Latch = P->getLoopLatch();
  if (DT.dominates(Predecessor, Latch)) return Nest{P, {}};
  BasicBlock *Branching = Predecessor->getSinglePredecessor();
  if (!Branching || !DT.dominates(Branching, Latch)) return std::nullopt;
  const auto *Branch = dyn_cast<BranchInst>(Branching->getTerminator());
  if (!Branch || !Branch->isConditional() || !P->isLoopInvariant(Branch->getCondition()))
    return std::nullopt;
  Instruction *Entry = P->getLoopPredecessor()->getTerminator();
  if (const auto *Defined = dyn_cast<Instruction>(Branch->getCondition());
      Defined && !DT.dominates(Defined, Entry))
    return std::nullopt;
  return Nest{P, {Branch->getCondition(), Branch->getSuccessor(0) == Predecessor}};
}

// One loop of the nest as the access sees it: its step (loop-invariant, any sign) and its
// backedges taken.
struct Dimension {
  const SCEV *Step;
  const SCEV *BackedgesTaken;
};

// A dimension the access walks densely: a constant step no larger than its size.
std::optional<int64_t> denseStep(const Dimension &D, uint64_t Size) {
  std::optional<int64_t> Bytes = constantBytes(D.Step);
  if (!Bytes || static_cast<uint64_t>(std::abs(*Bytes)) > Size) return std::nullopt;
  return Bytes;
}

bool planRows(PlannedAccess &Planned, const Loop &L, const Nest &N, ScalarEvolution &SE) {
  const Loop &P = *N.Outer;
  Type *Int64 = Type::getInt64Ty(Planned.Access.Inst->getContext());
  auto InL = affineIn(SE.getSCEV(Planned.Access.Address), L, SE, Int64);
  if (!InL) return false;
  auto InP = affineIn(InL->first, P, SE, Int64);
  if (!InP) return false;
  const SCEV *Base = InP->first;
  Dimension Inner{InL->second, backedgesTaken(L, SE, Int64)};
  Dimension Outer{InP->second, backedgesTaken(P, SE, Int64)};
  uint64_t Size = Planned.Access.Size.getFixedSize();
  // A row runs along the dense dimension; rows repeat along the other one, whose step the
  // runtime takes as it is (it may be negative, or turn out small enough to merge the rows).
  const Dimension *Along = &Inner, *Across = &Outer;
  std::optional<int64_t> Step = denseStep(Inner, Size);
  if (!Step) {
    std::swap(Along, Across);
    Step = denseStep(*Along, Size);
  }
  if (!Step) return false; // strided both ways: keep the checks
  const SCEV *Begin = Base;
  if (*Step < 0) // the row's lowest address is reached in its last iteration
    Begin =
        SE.getAddExpr(Begin, SE.getMulExpr(Along->BackedgesTaken, SE.getConstant(Int64, *Step)));
  const SCEV *Length =
      SE.getAddExpr(SE.getMulExpr(Along->BackedgesTaken, SE.getConstant(Int64, std::abs(*Step))),
                    SE.getConstant(Int64, Size));
  const SCEV *Rows = SE.getAddExpr(Across->BackedgesTaken, SE.getOne(Int64));
  Instruction *Entry = P.getLoopPredecessor()->getTerminator();
  for (const SCEV *Bound : {Begin, Length, Rows, Across->Step})
    if (!isSafeToExpandAt(Bound, Entry, SE)) return false;
  Planned.Verdict = PlannedAccess::Decision::HoistToLoopEntry;
  Planned.Range = {Entry, P.getHeader(), Begin, Length, Rows, Across->Step, N.Guard};
  return true;
}

// An access that strides through memory (by more than its size, or by a step known only at run
// time) touches one small row per iteration: one check of the rows before the loop saves the
// call per iteration, though not the runtime's work per row.
bool planStridedRows(PlannedAccess &Planned, const Loop &L, ScalarEvolution &SE) {
  Type *Int64 = Type::getInt64Ty(Planned.Access.Inst->getContext());
  auto InL = affineIn(SE.getSCEV(Planned.Access.Address), L, SE, Int64);
  if (!InL) return false;
  const SCEV *Length = SE.getConstant(Int64, Planned.Access.Size.getFixedSize());
  const SCEV *Rows = SE.getAddExpr(backedgesTaken(L, SE, Int64), SE.getOne(Int64));
  Instruction *Entry = L.getLoopPredecessor()->getTerminator();
  for (const SCEV *Bound : {InL->first, Rows, InL->second})
    if (!isSafeToExpandAt(Bound, Entry, SE)) return false;
  Planned.Verdict = PlannedAccess::Decision::HoistToLoopEntry;
  Planned.Range = {Entry, L.getHeader(), InL->first, Length, Rows, InL->second, {}};
  return true;
}

} // namespace

std::optional<int64_t> constantStepIn(Value *Address, const Loop &L, ScalarEvolution &SE) {
  auto InL = affineIn(SE.getSCEV(Address), L, SE, Type::getInt64Ty(Address->getContext()));
  if (!InL) return std::nullopt;
  return constantBytes(InL->second);
}

void planLoopRanges(std::vector<PlannedAccess> &Accesses, LoopInfo &LI, ScalarEvolution &SE,
                    DominatorTree &DT) {
  std::map<const Loop *, bool> Qualified;
  auto qualifies = [&](const Loop &L) {
    auto [It, New] = Qualified.try_emplace(&L, false);
    if (New) It->second = hasCountableShape(L, SE) && !loopMaySynchronise(L);
    return It->second;
  };
  // The accesses that run in every iteration of their loop, which qualifies.
  auto loopOf = [&](const PlannedAccess &Planned) -> const Loop * {
    const Loop *L = LI.getLoopFor(Planned.Access.Inst->getParent());
    if (!L || !qualifies(*L) || !DT.dominates(Planned.Access.Inst->getParent(), L->getLoopLatch()))
      return nullptr;
    return L;
  };
  // Ordered by first appearance so that the plan does not depend on pointer values.
  std::vector<std::pair<const Loop *, std::vector<Walk>>> Loops;
  std::map<const Loop *, std::size_t> LoopIndex;
  std::vector<PlannedAccess *> Candidates;
  for (PlannedAccess &Planned : Accesses) {
    if (!isPlainScalarAccess(Planned)) continue;
    const Loop *L = loopOf(Planned);
    if (!L) continue;
    Candidates.push_back(&Planned);
    std::optional<Walk> W = walkOf(Planned, *L, SE);
    if (!W) continue;
    auto [Index, Added] = LoopIndex.try_emplace(L, Loops.size());
    if (Added) Loops.emplace_back(L, std::vector<Walk>{});
    Loops[Index->second].second.push_back(*W);
  }
  std::set<const Instruction *> Leaders; // of groups: their range is the group's, not their own
  for (auto &[L, Walks] : Loops) planLoop(Walks, *L, SE, Leaders);
  // Then rows of loop nests, for the accesses one range before their loop did not cover, or did
  // alone: a row check before the outer loop replaces the range checks in each of its iterations.
  // What neither covers but strides through memory gets the rows of its own loop.
  for (PlannedAccess *Planned : Candidates) {
    if (Planned->Verdict == PlannedAccess::Decision::SkipCovered ||
        Leaders.count(Planned->Access.Inst))
      continue;
    const Loop *L = loopOf(*Planned);
    if (Planned->instrumented()) planStridedRows(*Planned, *L, SE);
    if (std::optional<Nest> N = enclosingNest(*L, SE, DT, qualifies))
      planRows(*Planned, *L, *N, SE);
  }
}

} // namespace rmarace
