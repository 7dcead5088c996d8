#include "ClusterAnalysis.h"

#include "InstrumentationPlan.h"
#include "LibraryModels.h"
#include "rmarace/rmarace.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
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

bool loopMaySynchronise(const Loop &L) {
  for (const BasicBlock *Block : L.blocks())
    for (const Instruction &I : *Block)
      if (maySynchronise(I) || I.isAtomic()) return true;
  return false;
}

bool QuietLoops::operator()(const Loop &L) {
  auto [It, New] = Known.try_emplace(&L, false);
  if (New) It->second = !loopMaySynchronise(L);
  return It->second;
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

// The widest span adjacent accesses are merged into: the repeat filter's line (rmarace.h), which
// an access of at most this size straddles at most once.
constexpr int64_t kMaxMergedBytes = RMARACE_REPEAT_LINE_BYTES;

// Adjacent accesses of one kind to one base: after the cluster analysis, accesses of a stretch
// of the block with no call that may synchronise and nothing that may stop execution, which
// touch bytes next to or overlapping each other (the three coordinates of an atom), are one
// check of their contiguous span at the lowest one, at most kMaxMergedBytes. All of them run
// once the first does, in the same synchronisation interval: the check stands for each, at the
// lowest one's location (the same source line, as a rule).
class AdjacentAccesses {
public:
  explicit AdjacentAccesses(std::vector<PlannedAccess> &All) : Accesses(All) {}

  void add(const Footprint &New) {
    const MemoryAccess &Access = Accesses[New.Index].Access;
    if (New.Length || !Access.isPlainScalar()) return;
    int64_t NewEnd = New.Offset + int64_t(New.Size);
    for (Group &G : Groups) {
      if (G.Base != New.Base || G.Writes != New.Writes || G.Flags != Access.Flags) continue;
      int64_t Begin = std::min(G.Begin, New.Offset), End = std::max(G.End, NewEnd);
      // Touching or overlapping, so that the span has no byte none of them accesses.
      if (New.Offset > G.End || NewEnd < G.Begin || End - Begin > kMaxMergedBytes) continue;
      G.Begin = Begin;
      G.End = End;
      G.Members.push_back({New.Index, New.Offset});
      return;
    }
    Groups.push_back(
        {New.Base, New.Writes, Access.Flags, New.Offset, NewEnd, {{New.Index, New.Offset}}});
  }

  // The stretch ends: each group of two or more becomes one check, at its lowest member.
  void close() {
    for (const Group &G : Groups) {
      if (G.Members.size() < 2) continue;
      const Member &Lowest =
          *std::min_element(G.Members.begin(), G.Members.end(),
                            [](const Member &A, const Member &B) { return A.Offset < B.Offset; });
      PlannedAccess &Leader = Accesses[Lowest.Index];
      Leader.Access.Size = TypeSize::getFixed(static_cast<uint64_t>(G.End - G.Begin));
      for (const Member &M : G.Members) {
        if (M.Index == Lowest.Index) continue;
        Accesses[M.Index].Verdict = PlannedAccess::Decision::SkipCovered;
        Accesses[M.Index].CoveredBy = Leader.Access.Inst;
      }
    }
    Groups.clear();
  }

private:
  struct Member {
    std::size_t Index;
    int64_t Offset; // from the group's base
  };
  struct Group {
    const Value *Base;
    bool Writes;
    uint32_t Flags;
    int64_t Begin, End; // the span, as offsets from Base
    std::vector<Member> Members;
  };
  std::vector<PlannedAccess> &Accesses;
  std::vector<Group> Groups;
};

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
    std::size_t First = Next;
    BlockClusters Clusters(Accesses, DL);
    for (const Instruction &I : Block) {
      for (; Next < Accesses.size() && Accesses[Next].Access.Inst == &I; ++Next) Clusters.add(Next);
      Clusters.after(I);
    }
    // Then what the clusters left instrumented, merged with its neighbours.
    AdjacentAccesses Adjacent(Accesses);
    std::size_t Cursor = First;
    for (const Instruction &I : Block) {
      for (; Cursor < Next && Accesses[Cursor].Access.Inst == &I; ++Cursor)
        if (Accesses[Cursor].instrumented())
          if (std::optional<Footprint> Foot = footprintOf(Accesses[Cursor].Access, Cursor, DL))
            Adjacent.add(*Foot);
      if (maySynchronise(I) || !isGuaranteedToTransferExecutionToSuccessor(&I)) Adjacent.close();
    }
    Adjacent.close();
  }
}

} // namespace rmarace
