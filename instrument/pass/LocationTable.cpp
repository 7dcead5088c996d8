#include "LocationTable.h"

#include "SourceNames.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace rmarace {

using namespace llvm;

Constant *LocationTable::string(StringRef Text) {
  Constant *&Entry = Strings[Text];
  if (!Entry) {
    Constant *Data = ConstantDataArray::getString(M.getContext(), Text);
    auto *Global = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                      GlobalValue::PrivateLinkage, Data, "__rmarace_str");
    Global->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    Global->setAlignment(Align(1));
    Entry = ConstantExpr::getPointerCast(Global, Type::getInt8PtrTy(M.getContext()));
  }
  return Entry;
}

Constant *LocationTable::locationOf(const Instruction &I) {
  std::string File = M.getSourceFileName(), Function = sourceName(*I.getFunction());
  unsigned Line = 0, Column = 0;
  if (const DILocation *Loc = I.getDebugLoc().get()) {
    File = Loc->getFilename().str();
    Line = Loc->getLine();
    Column = Loc->getColumn();
    if (const DISubprogram *Subprogram = Loc->getScope()->getSubprogram())
      Function = sourceName(*Subprogram);
  }
  Constant *&Entry = Locations[Key{File, Line, Column, Function}];
  if (!Entry) {
    Type *I32 = Type::getInt32Ty(M.getContext());
    Constant *Fields[] = {string(File), string(Function), ConstantInt::get(I32, Line),
                          ConstantInt::get(I32, Column)};
    Entry = new GlobalVariable(M, LocationTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                               ConstantStruct::get(LocationTy, Fields), "__rmarace_loc");
  }
  return Entry;
}

} // namespace rmarace
