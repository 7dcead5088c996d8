#include "SynchronisingAtomics.h"

#include "llvm/IR/Instructions.h"
#include "llvm/Support/AtomicOrdering.h"

#include <optional>

namespace rmarace {

using namespace llvm;

namespace {

std::optional<SynchronisingAtomic> classify(Instruction &I) {
  auto make = [&](Value *Address, AtomicOrdering Read, AtomicOrdering Write,
                  SyncScope::ID Scope) -> std::optional<SynchronisingAtomic> {
    if (Scope == SyncScope::SingleThread) return std::nullopt;
    bool Acquires = isAcquireOrStronger(Read), Releases = isReleaseOrStronger(Write);
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
  for (BasicBlock &Block : F)
    for (Instruction &I : Block)
      if (std::optional<SynchronisingAtomic> Atomic = classify(I)) Atomics.push_back(*Atomic);
  return Atomics;
}

} // namespace rmarace
