#include "AddressIntegers.h"

#include "LibraryModels.h"
#include "RmaApi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace rmarace {

using namespace llvm;

namespace {

// Instructions whose result is computed from the integer and is followed further.
bool computesFrom(const Instruction &User) {
  if (isa<BinaryOperator>(User) || isa<PHINode>(User) || isa<SelectInst>(User) ||
      isa<FreezeInst>(User) || isa<ExtractElementInst>(User) || isa<InsertElementInst>(User) ||
      isa<ShuffleVectorInst>(User) || isa<UnaryOperator>(User))
    return true;
  if (auto *Cast = dyn_cast<CastInst>(&User)) return !isa<IntToPtrInst>(Cast);
  // min, max, abs, bit counts and the like.
  if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&User)) return Intrinsic->doesNotAccessMemory();
  return false;
}

// Uses that only observe the integer.
bool onlyObserves(const Instruction &User) {
  return isa<CmpInst>(User) || isa<SwitchInst>(User) || isa<BranchInst>(User);
}

// The parameter of a function defined in the module that receives the integer at this use.
const Argument *parameterReceiving(const Use &U) {
  const auto *Call = dyn_cast<CallBase>(U.getUser());
  if (!Call || !Call->isArgOperand(&U)) return nullptr;
  const auto *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts());
  // A replaceable definition may not be the code that runs.
  if (!Callee || Callee->isDeclaration() || Callee->isInterposable()) return nullptr;
  unsigned ArgNo = Call->getArgOperandNo(&U);
  if (ArgNo >= Callee->arg_size() || Call->getFunctionType() != Callee->getFunctionType())
    return nullptr;
  return Callee->getArg(ArgNo);
}

// Intrinsics (lengths of memory copies), known library and RMA functions use integer arguments as
// numbers: they print them, compare them or send them, but do not turn them into pointers into the
// program's memory.
bool passedAsNumber(const Use &U) {
  const auto *Call = dyn_cast<CallBase>(U.getUser());
  if (!Call || !Call->isArgOperand(&U)) return false;
  if (isa<IntrinsicInst>(Call)) return true;
  const auto *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts());
  if (!Callee || !Callee->isDeclaration()) return false;
  return lookupLibraryFunction(Callee->getName()) ||
         lookupRmaFunction(Callee->getName(), Call->arg_size());
}

// MPI_Aint_add and MPI_Aint_diff compute addresses.
bool computesAddress(const Instruction &User) {
  const auto *Call = dyn_cast<CallBase>(&User);
  const auto *Callee =
      Call ? dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts()) : nullptr;
  if (!Callee) return false;
  StringRef Name = Callee->getName();
  Name.consume_front("P");
  return Name == "MPI_Aint_add" || Name == "MPI_Aint_diff";
}

} // namespace

AddressIntegerUses AddressIntegers::usesOf(const PtrToIntInst &Cast) {
  return follow(Cast, /*IsParameter=*/false);
}

const AddressIntegerUses *AddressIntegers::usesOfParameter(const Argument &Parameter) {
  auto [It, Inserted] = Parameters.try_emplace(&Parameter, nullptr);
  if (!Inserted) return It->second.get();
  auto Uses = std::make_unique<AddressIntegerUses>(follow(Parameter, /*IsParameter=*/true));
  return (Parameters[&Parameter] = std::move(Uses)).get();
}

AddressIntegerUses AddressIntegers::follow(const Value &Integer, bool IsParameter) {
  AddressIntegerUses Result;
  SmallVector<const Value *, 8> Worklist{&Integer};
  SmallPtrSet<const Value *, 16> Visited{&Integer};
  auto FollowAlso = [&](const Value *Derived) {
    if (Visited.insert(Derived).second) Worklist.push_back(Derived);
  };
  while (!Worklist.empty() && !Result.Escapes) {
    const Value *Current = Worklist.pop_back_val();
    for (const Use &U : Current->uses()) {
      const auto *User = dyn_cast<Instruction>(U.getUser());
      if (!User) {
        Result.Escapes = true;
        break;
      }
      if (auto *GEP = dyn_cast<GetElementPtrInst>(User);
          GEP && GEP->getPointerOperand() != Current) {
        Result.Offsets.push_back(GEP);
      } else if (computesFrom(*User) || computesAddress(*User)) {
        FollowAlso(User);
      } else if (onlyObserves(*User) || passedAsNumber(U)) {
        continue;
      } else if (isa<ReturnInst>(User) && IsParameter) {
        Result.Returned = true;
      } else if (const Argument *Parameter = parameterReceiving(U)) {
        // Recursion: a summary still being computed is not followed.
        const AddressIntegerUses *Callee = usesOfParameter(*Parameter);
        if (!Callee) {
          Result.Escapes = true;
          break;
        }
        Result.Escapes |= Callee->Escapes;
        Result.Offsets.append(Callee->Offsets.begin(), Callee->Offsets.end());
        if (Callee->Returned) FollowAlso(User);
      } else {
        Result.Escapes = true;
        break;
      }
    }
  }
  return Result;
}

} // namespace rmarace
