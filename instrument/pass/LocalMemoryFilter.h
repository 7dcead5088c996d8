// Accesses that can never touch RMA-relevant memory, whatever the mode: stack memory whose address
// never leaves its function (not even to a call, so no RMA call can ever see it) and reads of
// constant globals (RMA could only race with them by writing read-only memory).
#ifndef RMARACE_INSTRUMENT_LOCALMEMORYFILTER_H
#define RMARACE_INSTRUMENT_LOCALMEMORYFILTER_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class AllocaInst;
} // namespace llvm

namespace rmarace {

struct MemoryAccess;

class LocalMemoryFilter {
public:
  enum class Verdict { MayBeRelevant, PrivateStack, ConstantMemory };

  Verdict classify(const MemoryAccess &Access);

private:
  bool addressEscapes(const llvm::AllocaInst &Alloca);

  llvm::DenseMap<const llvm::AllocaInst *, bool> Escapes;
};

} // namespace rmarace

#endif
