#include "RuntimeInterface.h"

#include "rmarace/rmarace.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"

namespace rmarace {

using namespace llvm;

RuntimeInterface::RuntimeInterface(Module &Mod) : M(Mod) {
  LLVMContext &Ctx = M.getContext();
  LocationTy = StructType::getTypeByName(Ctx, "rmarace.location");
  if (!LocationTy) {
    Type *BytePtr = Type::getInt8PtrTy(Ctx), *I32 = Type::getInt32Ty(Ctx);
    LocationTy = StructType::create(Ctx, {BytePtr, BytePtr, I32, I32}, "rmarace.location");
  }
}

FunctionCallee RuntimeInterface::declare(StringRef Name, ArrayRef<Type *> Params) {
  FunctionCallee Callee = M.getOrInsertFunction(
      Name, FunctionType::get(Type::getVoidTy(M.getContext()), Params, false));
  // The runtime is C: it never unwinds into instrumented code.
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) F->addFnAttr(Attribute::NoUnwind);
  return Callee;
}

FunctionCallee RuntimeInterface::access() {
  LLVMContext &Ctx = M.getContext();
  return declare("__rmarace_access", {Type::getInt8PtrTy(Ctx), Type::getInt64Ty(Ctx),
                                      Type::getInt32Ty(Ctx), LocationTy->getPointerTo()});
}

FunctionCallee RuntimeInterface::range(bool Write) {
  LLVMContext &Ctx = M.getContext();
  return declare(Write ? "__rmarace_write_range" : "__rmarace_read_range",
                 {Type::getInt8PtrTy(Ctx), Type::getInt64Ty(Ctx), LocationTy->getPointerTo()});
}

FunctionCallee RuntimeInterface::rows(bool Write) {
  LLVMContext &Ctx = M.getContext();
  Type *Int64 = Type::getInt64Ty(Ctx);
  return declare(Write ? "__rmarace_write_rows" : "__rmarace_read_rows",
                 {Type::getInt8PtrTy(Ctx), Int64, Int64, Int64, LocationTy->getPointerTo()});
}

FunctionCallee RuntimeInterface::atomicSync(bool Release) {
  return declare(Release ? "__rmarace_atomic_release" : "__rmarace_atomic_acquire",
                 {Type::getInt8PtrTy(M.getContext()), LocationTy->getPointerTo()});
}

StructType *RuntimeInterface::pageMapType() {
  LLVMContext &Ctx = M.getContext();
  if (StructType *Known = StructType::getTypeByName(Ctx, "rmarace.page_map")) return Known;
  return StructType::create(Ctx,
                            {ArrayType::get(Type::getInt64Ty(Ctx), RMARACE_L1_ENTRIES),
                             ArrayType::get(Type::getInt8Ty(Ctx), RMARACE_L2_ENTRIES)},
                            "rmarace.page_map");
}

Constant *RuntimeInterface::pageMap() {
  StructType *MapTy = pageMapType();
  return ConstantExpr::getPointerCast(M.getOrInsertGlobal("__rmarace_page_map", MapTy),
                                      MapTy->getPointerTo());
}

StructType *RuntimeInterface::repeatEntryType() {
  LLVMContext &Ctx = M.getContext();
  if (StructType *Known = StructType::getTypeByName(Ctx, "rmarace.repeat_entry")) return Known;
  Type *Int64 = Type::getInt64Ty(Ctx);
  return StructType::create(Ctx, {Int64, Int64, Int64}, "rmarace.repeat_entry");
}

Constant *RuntimeInterface::repeatTable() {
  PointerType *EntryPtr = repeatEntryType()->getPointerTo();
  // Thread-local like __rmarace_callsite: each thread has its own table.
  Constant *Table = M.getOrInsertGlobal("__rmarace_repeat_table", EntryPtr, [&] {
    return new GlobalVariable(M, EntryPtr, /*isConstant=*/false, GlobalValue::ExternalLinkage,
                              nullptr, "__rmarace_repeat_table", nullptr,
                              GlobalValue::InitialExecTLSModel);
  });
  return ConstantExpr::getPointerCast(Table, EntryPtr->getPointerTo());
}

Constant *RuntimeInterface::repeatStamp() {
  Type *Int64 = Type::getInt64Ty(M.getContext());
  Constant *Stamp = M.getOrInsertGlobal("__rmarace_repeat_stamp", Int64);
  return ConstantExpr::getPointerCast(Stamp, Int64->getPointerTo());
}

Constant *RuntimeInterface::callSite() {
  PointerType *LocationPtr = LocationTy->getPointerTo();
  // Thread-local, like its declaration in rmarace.h: threads mark their own calls.
  Constant *Site = M.getOrInsertGlobal("__rmarace_callsite", LocationPtr, [&] {
    auto *G = new GlobalVariable(M, LocationPtr, /*isConstant=*/false, GlobalValue::ExternalLinkage,
                                 nullptr, "__rmarace_callsite", nullptr,
                                 GlobalValue::InitialExecTLSModel);
    return G;
  });
  return ConstantExpr::getPointerCast(Site, LocationPtr->getPointerTo());
}

} // namespace rmarace
