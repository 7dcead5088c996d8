#include "InstrumentationPlan.h"

#include "ClusterAnalysis.h"
#include "LocalMemoryFilter.h"
#include "LoopRanges.h"
#include "OncePerLoop.h"
#include "PageCache.h"
#include "RmaApi.h"
#include "RmaMemoryAnalysis.h"
#include "SourceNames.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace rmarace {

using namespace llvm;

AnalysisKey InstrumentationPlanAnalysis::Key;

namespace {

using Decision = PlannedAccess::Decision;

Decision decide(const MemoryAccess &Access, LocalMemoryFilter &Filter, const RmaMemory *Memory) {
  switch (Filter.classify(Access)) {
  case LocalMemoryFilter::Verdict::PrivateStack:
    return Decision::SkipPrivateStack;
  case LocalMemoryFilter::Verdict::ConstantMemory:
    return Decision::SkipConstant;
  case LocalMemoryFilter::Verdict::MayBeRelevant:
    break;
  }
  if (Memory && !Memory->mayTouchRmaMemory(Access.Address)) return Decision::SkipIrrelevant;
  return Decision::Instrument;
}

std::vector<CallBase *> callsToMark(Function &F) {
  std::vector<CallBase *> Calls;
  for (BasicBlock &Block : F)
    for (Instruction &I : Block)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (auto *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts()))
          if (marksCallSite(Callee->getName())) Calls.push_back(Call);
  return Calls;
}

} // namespace

PlannedAccess::CarriedLoop PlannedAccess::CarriedLoop::of(const Loop &L) {
  CarriedLoop Carried{L.getHeader(), {}};
  SmallVector<BasicBlock *, 2> Latches;
  L.getLoopLatches(Latches);
  for (BasicBlock *Latch : Latches) Carried.LatchTerminators.push_back(Latch->getTerminator());
  return Carried;
}

InstrumentationPlan InstrumentationPlanAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  InstrumentationPlan Plan;
  Plan.Options = instrumentationOptions();
  // Full mode checks every access, but the analysis still tells which ones certainly touch window
  // memory (the order of their inline filters).
  const RmaMemory &Analysis = MAM.getResult<RmaMemoryAnalysis>(M);
  const RmaMemory *Memory = nullptr;
  if (Plan.Options.Mode == InstrumentationMode::Selective) {
    Memory = &Analysis;
    Plan.UnknownMemoryReasons = Memory->unknownMemoryReasons();
  }
  const DataLayout &DL = M.getDataLayout();
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function &F : M) {
    // Available-externally bodies are dropped after optimisation; naked functions are assembly.
    if (F.isDeclaration() || F.hasAvailableExternallyLinkage() ||
        F.hasFnAttribute(Attribute::Naked))
      continue;
    FunctionPlan Current{&F, {}, callsToMark(F), collectSynchronisingAtomics(F), nullptr};
    LocalMemoryFilter Filter;
    for (MemoryAccess &Access : collectMemoryAccesses(F, DL))
      Current.Accesses.push_back({Access,
                                  decide(Access, Filter, Memory),
                                  Analysis.certainlyRmaAllocation(Access.Address),
                                  nullptr,
                                  {},
                                  {},
                                  {}});
    if (Plan.Options.ClusterAccesses) clusterAccesses(Current.Accesses, DL);
    if (Plan.Options.LoopRanges) {
      Current.SE = &FAM.getResult<ScalarEvolutionAnalysis>(F);
      planLoopRanges(Current.Accesses, FAM.getResult<LoopAnalysis>(F), *Current.SE,
                     FAM.getResult<DominatorTreeAnalysis>(F));
    }
    // Before the page caches: an access checked once per loop entry needs no page kept.
    if (Plan.Options.OncePerLoop)
      planOncePerLoop(Current.Accesses, FAM.getResult<LoopAnalysis>(F),
                      FAM.getResult<ScalarEvolutionAnalysis>(F));
    if (Plan.Options.PageCaches)
      planPageCaches(Current.Accesses, FAM.getResult<LoopAnalysis>(F),
                     FAM.getResult<ScalarEvolutionAnalysis>(F));
    Plan.Functions.push_back(std::move(Current));
  }
  return Plan;
}

namespace {

void printPosition(raw_ostream &OS, const Instruction &I) {
  if (const DebugLoc &Loc = I.getDebugLoc())
    OS << Loc.getLine() << ":" << Loc.getCol();
  else
    OS << "?";
}

const char *accessName(const MemoryAccess &Access) {
  switch (Access.Kind) {
  case MemoryAccess::Category::Load:
    return "load";
  case MemoryAccess::Category::Store:
    return "store";
  case MemoryAccess::Category::Atomic:
    return "atomic";
  case MemoryAccess::Category::Intrinsic:
    return Access.writes() ? "range-write" : "range-read";
  }
  return "access";
}

void printDecision(raw_ostream &OS, const PlannedAccess &Planned) {
  switch (Planned.Verdict) {
  case Decision::Instrument:
    OS << (Planned.WindowMemory ? "instrumented: window memory" : "instrumented");
    if (Planned.Cache.Header) OS << ", page kept across iterations";
    if (Planned.Once.Header) OS << ", checked once per loop entry";
    return;
  case Decision::SkipPrivateStack:
    OS << "skipped: private stack memory";
    return;
  case Decision::SkipConstant:
    OS << "skipped: constant memory";
    return;
  case Decision::SkipIrrelevant:
    OS << "skipped: cannot touch RMA memory";
    return;
  case Decision::SkipCovered:
    OS << "skipped: covered by the access at ";
    printPosition(OS, *Planned.CoveredBy);
    return;
  case Decision::HoistToLoopEntry:
    OS << (Planned.Range.Rows ? "hoisted: one check of rows before the loop"
                              : "hoisted: one range check before the loop");
    return;
  }
}

} // namespace

PreservedAnalyses InstrumentationPlanPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  const InstrumentationPlan &Plan = MAM.getResult<InstrumentationPlanAnalysis>(M);
  OS << "rmarace plan of '" << M.getSourceFileName() << "' (" << modeName(Plan.Options.Mode)
     << "):\n";
  for (const std::string &Reason : Plan.UnknownMemoryReasons)
    OS << "unknown memory is relevant because of " << Reason << "\n";
  for (const FunctionPlan &Current : Plan.Functions) {
    OS << "function " << sourceName(*Current.F) << ":\n";
    for (const PlannedAccess &Planned : Current.Accesses) {
      OS << "  " << accessName(Planned.Access) << " ";
      printPosition(OS, *Planned.Access.Inst);
      OS << " ";
      printDecision(OS, Planned);
      OS << "\n";
    }
    for (const CallBase *Call : Current.MarkedCalls) {
      OS << "  call-site ";
      printPosition(OS, *Call);
      OS << " " << Call->getCalledOperand()->stripPointerCasts()->getName() << "\n";
    }
    for (const SynchronisingAtomic &Atomic : Current.Atomics) {
      OS << "  synchronising-atomic ";
      printPosition(OS, *Atomic.Inst);
      OS << (Atomic.Acquires ? " acquire" : "") << (Atomic.Releases ? " release" : "") << "\n";
    }
  }
  return PreservedAnalyses::all();
}

} // namespace rmarace
