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
class BasicBlock;
class CallBase;
class Loop;
class SCEV;
class ScalarEvolution;
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
    // Loop range analysis: one check of all the bytes the loop's iterations touch, before it.
    HoistToLoopEntry,
  };

  // A condition computed before a loop nest that decides whether its inner loop runs (in every
  // iteration of the outer loop) or not (in none).
  struct LoopGuard {
    llvm::Value *Condition = nullptr; // null: the inner loop always runs
    bool RunsIfTrue = true;
  };

  // The bytes [Begin, Begin + Length) all iterations touch, computed before Entry (the
  // terminator of the loop's one predecessor outside it) and checked on the edge into Header.
  // A loop nest of two touches Rows such ranges, each Stride bytes (signed) after the one before
  // (Rows is null for one range).
  struct LoopRange {
    llvm::Instruction *Entry = nullptr;
    llvm::BasicBlock *Header = nullptr;
    const llvm::SCEV *Begin = nullptr;
    const llvm::SCEV *Length = nullptr;
    const llvm::SCEV *Rows = nullptr;
    const llvm::SCEV *Stride = nullptr;
    LoopGuard Guard; // for rows: they are checked only if the inner loop runs
  };

  // A loop around which the access's check carries a value in a register: its header, and the
  // terminators of its latches, which stay the latches' last instructions when the
  // instrumentation splits blocks.
  struct CarriedLoop {
    llvm::BasicBlock *Header = nullptr; // null: nothing is carried
    std::vector<llvm::Instruction *> LatchTerminators;
    static CarriedLoop of(const llvm::Loop &L);
  };

  MemoryAccess Access;
  Decision Verdict = Decision::Instrument;
  // The access certainly touches memory an RMA library allocated, which the runtime always tracks:
  // its inline check leaves out the page filter and starts with the repeat filter.
  bool WindowMemory = false;
  const llvm::Instruction *CoveredBy = nullptr;
  LoopRange Range; // for HoistToLoopEntry
  // For Instrument: the loop whose iterations share the access's last unmarked page
  // (PageCache.h), and the loop in which the access is checked once per entry (OncePerLoop.h).
  CarriedLoop Cache;
  CarriedLoop Once;

  bool instrumented() const { return Verdict == Decision::Instrument; }
  // Checked at run time: by itself or by its loop's range check.
  bool checked() const { return instrumented() || Verdict == Decision::HoistToLoopEntry; }
};

struct FunctionPlan {
  llvm::Function *F;
  std::vector<PlannedAccess> Accesses;
  // Calls of MPI, OpenSHMEM and GASPI functions, whose location is stored in __rmarace_callsite.
  std::vector<llvm::CallBase *> MarkedCalls;
  // Atomics with acquire or release semantics: each tells the runtime what it ordered.
  std::vector<SynchronisingAtomic> Atomics;
  // The function's ScalarEvolution, which expands the loop ranges (owned by the analysis manager).
  llvm::ScalarEvolution *SE = nullptr;
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
