#include "ClusterAnalysis.h"

#include "InstrumentationPlan.h"
#include "LibraryModels.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <optional>

namespace rmarace {

using namespace llvm;

bool maySynchronise(const Instruction &I) {
  if (isa<FenceInst>(I)) return true;
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call) return false;
  // Intrinsics never run application code (C and C++ front ends emit no statepoints).
  if (isa<IntrinsicInst>(Call)) return false;
  const auto *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts());
  if (!Callee || !Callee->isDeclaration()) return true;
  const LibraryFunction *Library = lookupLibraryFunction(Callee->getName());
  return !Library || Library->mayRunApplicationCode() || Library->SynchronisesThreads;
}

namespace {

// The bytes an access touches: Size bytes, or Length bytes for a length only known at run time,
// from Base + Offset.
struct Footprint {
  const Value *Base;
  int64_t Offset;
  uint64_t Size;
  const Value *Length;
  bool Writes;
  bool Atomic;
  std::size_t Index;
  // No instruction between this access and now may stop execution from reaching the next one.
  bool CanCoverBackward = true;

  bool covers(const Footprint &Other) const {
    if (Base != Other.Base || Atomic != Other.Atomic || (Other.Writes && !Writes)) return false;
    if (Length || Other.Length) return Length == Other.Length && Offset == Other.Offset;
    return Offset <= Other.Offset && Other.Offset + int64_t(Other.Size) <= Offset + int64_t(Size);
  }
};

std::optional<Footprint> footprintOf(const MemoryAccess &Access, std::size_t Index,
                                     const DataLayout &DL) {
  using Shape = MemoryAccess::Shape;
  if (Access.Form == Shape::Lanes || Access.Form == Shape::PackedLanes || Access.Size.isScalable())
    return std::nullopt;
  int64_t Offset = 0;
  const Value *Base = GetPointerBaseWithConstantOffset(Access.Address, Offset, DL);
  uint64_t Size = Access.Size.getFixedSize();
  const Value *Length = nullptr;
  if (Access.Length) {
    if (auto *Constant = dyn_cast<ConstantInt>(Access.Length))
      Size = Constant->getZExtValue();
    else
      Length = Access.Length;
  }
  return Footprint{Base, Offset, Size, Length, Access.writes(), Access.isAtomic(), Index};
}

class BlockClusters {
public:
  BlockClusters(std::vector<PlannedAccess> &All, const DataLayout &Layout)
      : Accesses(All), DL(Layout) {}

  void add(std::size_t Index) {
    PlannedAccess &Planned = Accesses[Index];
    if (!Planned.instrumented()) return;
    std::optional<Footprint> New = footprintOf(Planned.Access, Index, DL);
    if (!New) return;
    for (const Footprint &Earlier : Live)
      if (Earlier.covers(*New)) {
        cover(Planned, Accesses[Earlier.Index]);
        return;
      }
    if (New->Writes)
      erase_if(Live, [&](const Footprint &Earlier) {
        if (!Earlier.CanCoverBackward || !New->covers(Earlier)) return false;
        cover(Accesses[Earlier.Index], Planned);
        return true;
      });
    Live.push_back(*New);
  }

  void after(const Instruction &I) {
    if (maySynchronise(I))
      Live.clear();
    else if (!isGuaranteedToTransferExecutionToSuccessor(&I))
      for (Footprint &Earlier : Live) Earlier.CanCoverBackward = false;
  }

private:
  static void cover(PlannedAccess &Covered, const PlannedAccess &By) {
    Covered.Verdict = PlannedAccess::Decision::SkipCovered;
    Covered.CoveredBy = By.Access.Inst;
  }

  std::vector<PlannedAccess> &Accesses;
  const DataLayout &DL;
  std::vector<Footprint> Live;
};

} // namespace

void clusterAccesses(std::vector<PlannedAccess> &Accesses, const DataLayout &DL) {
  if (Accesses.empty()) return;
  const Function &F = *Accesses.front().Access.Inst->getFunction();
  std::size_t Next = 0;
  for (const BasicBlock &Block : F) {
    BlockClusters Clusters(Accesses, DL);
    for (const Instruction &I : Block) {
      for (; Next < Accesses.size() && Accesses[Next].Access.Inst == &I; ++Next) Clusters.add(Next);
      Clusters.after(I);
    }
  }
}

} // namespace rmarace
