// The analysis half of rmarace instrumentation: for every function, which memory accesses get
// instrumented (and why the others do not), and which calls get call-site marking. The
// transformation (InstrumentPass) only carries the plan out.
#ifndef RMARACE_INSTRUMENT_INSTRUMENTATIONPLAN_H
#define RMARACE_INSTRUMENT_INSTRUMENTATIONPLAN_H

#include "MemoryAccess.h"
#include "Options.h"
#include "SynchronisingAtomics.h"

#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class CallBase;
} // namespace llvm

namespace rmarace {

struct PlannedAccess {
  enum class Decision {
    Instrument,
    // Stack memory whose address never leaves its function.
    SkipPrivateStack,
    // A read of a constant global.
    SkipConstant,
    // Selective mode: the access cannot touch RMA-relevant memory.
    SkipIrrelevant,
    // Cluster analysis: an instrumented access to the same bytes in the basic block covers it.
    SkipCovered,
  };

  MemoryAccess Access;
  Decision Verdict = Decision::Instrument;
  const llvm::Instruction *CoveredBy = nullptr;

  bool instrumented() const { return Verdict == Decision::Instrument; }
};

struct FunctionPlan {
  llvm::Function *F;
  std::vector<PlannedAccess> Accesses;
  // Calls of MPI, OpenSHMEM and GASPI functions, whose location is stored in __rmarace_callsite.
  std::vector<llvm::CallBase *> MarkedCalls;
  // Atomics with acquire or release semantics: each tells the runtime what it ordered.
  std::vector<SynchronisingAtomic> Atomics;
};

struct InstrumentationPlan {
  InstrumentationOptions Options;
  std::vector<FunctionPlan> Functions;
  // Selective mode: why memory reachable from outside the module counts as RMA-relevant.
  std::vector<std::string> UnknownMemoryReasons;

  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                  llvm::ModuleAnalysisManager::Invalidator &) {
    return true;
  }
};

class InstrumentationPlanAnalysis : public llvm::AnalysisInfoMixin<InstrumentationPlanAnalysis> {
public:
  using Result = InstrumentationPlan;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

private:
  friend llvm::AnalysisInfoMixin<InstrumentationPlanAnalysis>;
  static llvm::AnalysisKey Key;
};

// print<rmarace-plan>: the decision for every access and the marked calls.
class InstrumentationPlanPrinterPass : public llvm::PassInfoMixin<InstrumentationPlanPrinterPass> {
public:
  explicit InstrumentationPlanPrinterPass(llvm::raw_ostream &Out) : OS(Out) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

private:
  llvm::raw_ostream &OS;
};

} // namespace rmarace

#endif
