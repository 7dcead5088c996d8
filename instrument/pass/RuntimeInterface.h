// The runtime ABI (runtime/include/rmarace/rmarace.h) as seen from an instrumented module: the
// location type, the access entry points, the fast-filter page map and the call-site variable.
// Declarations are added to the module on first use.
#ifndef RMARACE_INSTRUMENT_RUNTIMEINTERFACE_H
#define RMARACE_INSTRUMENT_RUNTIMEINTERFACE_H

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"

namespace rmarace {

class RuntimeInterface {
public:
  explicit RuntimeInterface(llvm::Module &M);

  // struct rmarace_location { const char *file, *function; uint32_t line, column; }
  llvm::StructType *locationType() const { return LocationTy; }

  // void __rmarace_access(const void *, uint64_t size, uint32_t flags, const rmarace_location *)
  llvm::FunctionCallee access();
  // void __rmarace_{read,write}_range(const void *, uint64_t size, const rmarace_location *)
  llvm::FunctionCallee range(bool Write);
  // void __rmarace_{read,write}_rows(const void *, uint64_t length, int64_t stride,
  //                                 uint64_t rows, const rmarace_location *)
  llvm::FunctionCallee rows(bool Write);
  // void __rmarace_atomic_{release,acquire}(const void *, const rmarace_location *)
  llvm::FunctionCallee atomicSync(bool Release);
  // struct rmarace_page_map { uint64_t tables[RMARACE_L1_ENTRIES];
  //                          unsigned char unmarked[RMARACE_L2_ENTRIES]; } __rmarace_page_map
  llvm::StructType *pageMapType();
  llvm::Constant *pageMap();
  // struct rmarace_repeat_entry { uint64_t line, generation, loaded, stored; }
  llvm::StructType *repeatEntryType();
  // rmarace_repeat_entry *__rmarace_repeat_table (thread-local, initial-exec)
  llvm::Constant *repeatTable();
  // uint64_t __rmarace_repeat_stamp
  llvm::Constant *repeatStamp();
  // const rmarace_location *__rmarace_callsite
  llvm::Constant *callSite();

private:
  llvm::FunctionCallee declare(llvm::StringRef Name, llvm::ArrayRef<llvm::Type *> Params);

  llvm::Module &M;
  llvm::StructType *LocationTy;
};

} // namespace rmarace

#endif
