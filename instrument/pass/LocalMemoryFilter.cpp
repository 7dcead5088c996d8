#include "LocalMemoryFilter.h"

#include "MemoryAccess.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace rmarace {

using namespace llvm;

LocalMemoryFilter::Verdict LocalMemoryFilter::classify(const MemoryAccess &Access) {
  if (!Access.Address->getType()->isPointerTy()) return Verdict::MayBeRelevant;
  const Value *Object = getUnderlyingObject(Access.Address, /*MaxLookup=*/0);
  if (auto *Alloca = dyn_cast<AllocaInst>(Object); Alloca && !addressEscapes(*Alloca))
    return Verdict::PrivateStack;
  if (auto *Global = dyn_cast<GlobalVariable>(Object);
      Global && Global->isConstant() && !Access.writes())
    return Verdict::ConstantMemory;
  return Verdict::MayBeRelevant;
}

// Strict: the address may only be computed on (GEP, casts), compared, and used as the address of a
// load, store, atomic or memory intrinsic. Any other use, including passing it to any call, counts
// as escaping.
bool LocalMemoryFilter::addressEscapes(const AllocaInst &Alloca) {
  auto [It, Inserted] = Escapes.try_emplace(&Alloca, false);
  if (!Inserted) return It->second;
  SmallVector<const Value *, 8> Worklist{&Alloca};
  SmallPtrSet<const Value *, 8> Visited{&Alloca};
  bool Escaped = false;
  while (!Worklist.empty() && !Escaped) {
    const Value *Address = Worklist.pop_back_val();
    for (const Use &U : Address->uses()) {
      const auto *User = cast<Instruction>(U.getUser());
      if (isa<GetElementPtrInst>(User) || isa<BitCastInst>(User) || isa<AddrSpaceCastInst>(User)) {
        if (Visited.insert(User).second) Worklist.push_back(User);
        continue;
      }
      bool IsAddressOperand =
          isa<LoadInst>(User) || isa<ICmpInst>(User) ||
          (isa<StoreInst>(User) && U.getOperandNo() == StoreInst::getPointerOperandIndex()) ||
          (isa<AtomicRMWInst>(User) && U.getOperandNo() == 0) ||
          (isa<AtomicCmpXchgInst>(User) && U.getOperandNo() == 0) ||
          (isa<MemIntrinsic>(User) && U.getOperandNo() < 2) || User->isLifetimeStartOrEnd();
      if (!IsAddressOperand) {
        Escaped = true;
        break;
      }
    }
  }
  Escapes[&Alloca] = Escaped;
  return Escaped;
}

} // namespace rmarace
