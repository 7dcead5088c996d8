#include "KeepNestsPass.h"

#include "Options.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace rmarace {
namespace {

constexpr const char *kRemarkPass = "rmarace-keep-nests";

// Hints that ask for vectorisation, interleaving or unrolling (the programmer's pragmas), or say
// that it was done; with a value, when it is above one (`width 1`, `count 1` ask for none).
constexpr StringRef kAskingHints[] = {"llvm.loop.vectorize.enable", "llvm.loop.vectorize.width",
                                      "llvm.loop.interleave.count", "llvm.loop.unroll.enable",
                                      "llvm.loop.unroll.full",      "llvm.loop.unroll.count",
                                      "llvm.loop.isvectorized"};

// Calls other than intrinsics that touch no memory (llvm.fmuladd, llvm.smax, debug and scope
// markers) and lifetime markers.
bool callsAnything(const Loop &L) {
  for (const BasicBlock *Block : L.blocks())
    for (const Instruction &I : *Block) {
      if (!isa<CallBase>(I) || I.isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(I)) continue;
      if (isa<IntrinsicInst>(I) && !I.mayReadOrWriteMemory()) continue;
      return true;
    }
  return false;
}

// The constant byte step of an affine address recurrence of `L`, if it has one.
std::optional<int64_t> constantStepIn(const SCEV *Address, const Loop &L, ScalarEvolution &SE) {
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine()) return std::nullopt;
  const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().getMinSignedBits() > 64) return std::nullopt;
  return Step->getAPInt().getSExtValue();
}

bool stridesAcrossRows(const Value *Pointer, uint64_t Size, const Loop &L, ScalarEvolution &SE) {
  // A local array of the function is never remotely accessible: its loops keep their speed.
  if (isa<AllocaInst>(getUnderlyingObject(Pointer))) return false;
  const SCEV *Address = SE.getSCEV(const_cast<Value *>(Pointer));
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine()) return false;
  std::optional<int64_t> Along = constantStepIn(Address, L, SE);
  if (Along && static_cast<uint64_t>(std::abs(*Along)) <= Size) return false; // dense along L
  std::optional<int64_t> Across = constantStepIn(Rec->getStart(), *L.getParentLoop(), SE);
  return Across && *Across != 0 && static_cast<uint64_t>(std::abs(*Across)) <= Size;
}

bool asksForVectorisationOrUnrolling(const Loop &L) {
  MDNode *ID = L.getLoopID();
  if (!ID) return false;
  for (const MDOperand &Operand : drop_begin(ID->operands())) {
    const auto *Hint = dyn_cast<MDNode>(Operand);
    const auto *Name =
        Hint && Hint->getNumOperands() ? dyn_cast<MDString>(Hint->getOperand(0)) : nullptr;
    if (!Name || !is_contained(kAskingHints, Name->getString())) continue;
    if (Hint->getNumOperands() < 2) return true;
    const auto *Value = mdconst::dyn_extract<ConstantInt>(Hint->getOperand(1));
    if (!Value || Value->getZExtValue() > 1 ||
        (Value->getZExtValue() == 1 && Name->getString() != "llvm.loop.vectorize.width" &&
         Name->getString() != "llvm.loop.interleave.count"))
      return true;
  }
  return false;
}

// Marks L as neither vectorised, interleaved nor unrolled, keeping its other loop metadata.
void keepAsWritten(Loop &L) {
  LLVMContext &C = L.getHeader()->getContext();
  auto Hint = [&](StringRef Name, std::optional<unsigned> Value) -> Metadata * {
    SmallVector<Metadata *, 2> Operands{MDString::get(C, Name)};
    if (Value)
      Operands.push_back(ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), *Value)));
    return MDNode::get(C, Operands);
  };
  SmallVector<Metadata *, 8> Operands{nullptr}; // the loop ID refers to itself first
  if (MDNode *Old = L.getLoopID()) Operands.append(std::next(Old->op_begin()), Old->op_end());
  Operands.push_back(Hint("llvm.loop.vectorize.width", 1));
  Operands.push_back(Hint("llvm.loop.interleave.count", 1));
  Operands.push_back(Hint("llvm.loop.unroll.disable", std::nullopt));
  MDNode *ID = MDNode::getDistinct(C, Operands);
  ID->replaceOperandWith(0, ID);
  L.setLoopID(ID);
}

} // namespace

bool stridesAcrossRowsOfANest(const Loop &L, ScalarEvolution &SE) {
  if (!L.isInnermost() || !L.getParentLoop() || callsAnything(L)) return false;
  for (const BasicBlock *Block : L.blocks())
    for (const Instruction &I : *Block) {
      const Value *Pointer = getLoadStorePointerOperand(&I);
      if (!Pointer) continue;
      Type *Accessed = isa<LoadInst>(I) ? I.getType() : I.getOperand(0)->getType();
      TypeSize Size = I.getModule()->getDataLayout().getTypeStoreSize(Accessed);
      if (!Size.isScalable() && stridesAcrossRows(Pointer, Size.getFixedSize(), L, SE)) return true;
    }
  return false;
}

PreservedAnalyses KeepNestsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!instrumentationOptions().LoopRanges) return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  OptimizationRemarkEmitter &Remarks = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (asksForVectorisationOrUnrolling(*L) || !stridesAcrossRowsOfANest(*L, SE)) continue;
    keepAsWritten(*L);
    Remarks.emit([&] {
      return OptimizationRemark(kRemarkPass, "KeptNest", L->getStartLoc(), L->getHeader())
             << "loop not vectorised or unrolled: rmarace checks its strided accesses as rows "
                "before the enclosing loop";
    });
  }
  return PreservedAnalyses::all(); // loop metadata only
}

} // namespace rmarace
