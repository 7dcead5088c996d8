// The transformation half of rmarace instrumentation: carries out the InstrumentationPlan of a
// module (call-site marking, then the checks of every planned access) and writes the listing.
#ifndef RMARACE_INSTRUMENT_INSTRUMENTPASS_H
#define RMARACE_INSTRUMENT_INSTRUMENTPASS_H

#include "llvm/IR/PassManager.h"

namespace rmarace {

class InstrumentPass : public llvm::PassInfoMixin<InstrumentPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  // Also for optnone functions (-O0): skipping them would lose races.
  static bool isRequired() { return true; }
};

} // namespace rmarace

#endif
