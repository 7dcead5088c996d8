#include "InstrumentPass.h"

#include "AccessInstrumenter.h"
#include "InstrumentationListing.h"
#include "InstrumentationPlan.h"
#include "LocalBufferCheck.h"
#include "LocalBufferDiagnostics.h"

#include "llvm/IR/Module.h"

namespace rmarace {

using namespace llvm;

namespace {
// Set on instrumented modules, so that running the pass twice (a plugin given twice, instrumented
// bitcode compiled again) does not instrument twice.
constexpr const char *InstrumentedFlag = "rmarace.instrumented";
} // namespace

PreservedAnalyses InstrumentPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (M.getModuleFlag(InstrumentedFlag)) return PreservedAnalyses::all();
  // Before instrumenting: the runtime calls added would end every search for an access.
  LocalBufferSeverity Check = instrumentationOptions().LocalBufferCheck;
  if (Check != LocalBufferSeverity::Off) {
    FunctionAnalysisManager &FAM =
        MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    reportLocalBufferRaces(M.getContext(), findLocalBufferRaces(M, FAM), Check);
  }
  const InstrumentationPlan &Plan = MAM.getResult<InstrumentationPlanAnalysis>(M);
  if (Plan.Options.List) writeListing(Plan, M);
  AccessInstrumenter Instrumenter(M);
  for (const FunctionPlan &Function : Plan.Functions) {
    // First, while the function's IR is still the one its ScalarEvolution describes.
    std::vector<const PlannedAccess *> Hoisted;
    for (const PlannedAccess &Planned : Function.Accesses)
      if (Planned.Verdict == PlannedAccess::Decision::HoistToLoopEntry) Hoisted.push_back(&Planned);
    if (!Hoisted.empty()) Instrumenter.instrumentLoopRanges(Hoisted, *Function.SE);
    for (CallBase *Call : Function.MarkedCalls) Instrumenter.markCallSite(*Call);
    for (const PlannedAccess &Planned : Function.Accesses)
      if (Planned.instrumented()) Instrumenter.instrument(Planned);
    for (const SynchronisingAtomic &Atomic : Function.Atomics) Instrumenter.synchronise(Atomic);
  }
  M.addModuleFlag(Module::Max, InstrumentedFlag, 1);
  return PreservedAnalyses::none();
}

} // namespace rmarace
