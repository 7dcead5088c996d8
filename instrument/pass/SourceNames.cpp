#include "SourceNames.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

namespace rmarace {

using namespace llvm;

std::string sourceName(const DISubprogram &Subprogram) {
  StringRef Linkage = Subprogram.getLinkageName();
  return Linkage.empty() ? Subprogram.getName().str() : demangle(Linkage.str());
}

std::string sourceName(const Function &F) {
  if (const DISubprogram *Subprogram = F.getSubprogram()) return sourceName(*Subprogram);
  return demangle(F.getName().str());
}

std::string describeSite(const Value &Site) {
  std::string Text;
  raw_string_ostream OS(Text);
  if (auto *F = dyn_cast<Function>(&Site)) {
    OS << "function " << sourceName(*F);
  } else if (auto *G = dyn_cast<GlobalValue>(&Site)) {
    OS << "@" << G->getName();
  } else if (auto *I = dyn_cast<Instruction>(&Site)) {
    const auto *Call = dyn_cast<CallBase>(I);
    const Function *Callee =
        Call ? dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts()) : nullptr;
    if (Callee)
      OS << "call to " << Callee->getName();
    else
      OS << I->getOpcodeName();
    OS << " in " << sourceName(*I->getFunction());
    if (const DebugLoc &Loc = I->getDebugLoc())
      OS << " at " << Loc.getLine() << ":" << Loc.getCol();
  } else {
    Site.printAsOperand(OS, false);
  }
  return Text;
}

} // namespace rmarace
