#include "SynchronisingAtomics.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/AtomicOrdering.h"

#include <optional>

namespace rmarace {

using namespace llvm;

namespace {

// libomp's `omp flush` (OpenMP 5.1, 2.19.8: a flush without a list is a sequentially consistent
// fence).
constexpr const char *kOpenMPFlush = "__kmpc_flush";

// The fences of a function (C11 7.17.4): a release fence makes the thread's later relaxed atomic
// writes release, an acquire fence its earlier relaxed atomic reads acquire. Approximated per
// function: every relaxed atomic of a function with such a fence is taken as synchronising (the
// order it adds can only hide a race, never invent one).
struct Fences {
  bool Acquire = false;
  bool Release = false;
};

Fences fencesOf(Function &F) {
  Fences Found;
  for (BasicBlock &Block : F)
    for (Instruction &I : Block) {
      if (auto *Fence = dyn_cast<FenceInst>(&I)) {
        if (Fence->getSyncScopeID() == SyncScope::SingleThread) continue;
        Found.Acquire |= isAcquireOrStronger(Fence->getOrdering());
        Found.Release |= isReleaseOrStronger(Fence->getOrdering());
      } else if (auto *Call = dyn_cast<CallBase>(&I)) {
        if (Function *Callee = Call->getCalledFunction();
            Callee && Callee->getName() == kOpenMPFlush)
          Found.Acquire = Found.Release = true;
      }
    }
  return Found;
}

std::optional<SynchronisingAtomic> classify(Instruction &I, Fences Fenced) {
  auto make = [&](Value *Address, AtomicOrdering Read, AtomicOrdering Write,
                  SyncScope::ID Scope) -> std::optional<SynchronisingAtomic> {
    if (Scope == SyncScope::SingleThread) return std::nullopt;
    bool Acquires =
        isAcquireOrStronger(Read) || (Fenced.Acquire && Read != AtomicOrdering::NotAtomic);
    bool Releases =
        isReleaseOrStronger(Write) || (Fenced.Release && Write != AtomicOrdering::NotAtomic);
    if (!Acquires && !Releases) return std::nullopt;
    return SynchronisingAtomic{&I, Address, Acquires, Releases};
  };
  if (auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isAtomic())
    return make(Load->getPointerOperand(), Load->getOrdering(), AtomicOrdering::NotAtomic,
                Load->getSyncScopeID());
  if (auto *Store = dyn_cast<StoreInst>(&I); Store && Store->isAtomic())
    return make(Store->getPointerOperand(), AtomicOrdering::NotAtomic, Store->getOrdering(),
                Store->getSyncScopeID());
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return make(RMW->getPointerOperand(), RMW->getOrdering(), RMW->getOrdering(),
                RMW->getSyncScopeID());
  if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I)) {
    // A failed exchange only reads; it acquires with the failure ordering.
    AtomicOrdering Read = isAcquireOrStronger(CmpXchg->getFailureOrdering())
                              ? CmpXchg->getFailureOrdering()
                              : CmpXchg->getSuccessOrdering();
    return make(CmpXchg->getPointerOperand(), Read, CmpXchg->getSuccessOrdering(),
                CmpXchg->getSyncScopeID());
  }
  return std::nullopt;
}

} // namespace

std::vector<SynchronisingAtomic> collectSynchronisingAtomics(Function &F) {
  std::vector<SynchronisingAtomic> Atomics;
  Fences Fenced = fencesOf(F);
  for (BasicBlock &Block : F)
    for (Instruction &I : Block)
      if (std::optional<SynchronisingAtomic> Atomic = classify(I, Fenced))
        Atomics.push_back(*Atomic);
  return Atomics;
}

} // namespace rmarace
