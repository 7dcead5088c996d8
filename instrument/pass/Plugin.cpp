// Entry point of RmaracePass.so, a new-pass-manager plugin for clang 14 (-fpass-plugin) and opt 14
// (-load-pass-plugin). It adds the rmarace pass at the end of every optimisation pipeline
// (also -O0) and, before the vectoriser, the pass that keeps loop nests checkable as rows; it
// offers to opt:
//   -passes=rmarace                  the instrumentation
//   -passes=rmarace-keep-nests       the marking of nests (a function pass)
//   -passes='print<rmarace-memory>'  the RMA-relevant and escaped memory of a module
//   -passes='print<rmarace-plan>'    the decision for every access
#include "InstrumentPass.h"
#include "InstrumentationPlan.h"
#include "KeepNestsPass.h"
#include "RmaMemoryAnalysis.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

namespace {

using namespace llvm;

bool parsePipelineElement(StringRef Name, ModulePassManager &MPM,
                          ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "rmarace") {
    MPM.addPass(rmarace::InstrumentPass());
    return true;
  }
  if (Name == "print<rmarace-memory>") {
    MPM.addPass(rmarace::RmaMemoryPrinterPass(errs()));
    return true;
  }
  if (Name == "print<rmarace-plan>") {
    MPM.addPass(rmarace::InstrumentationPlanPrinterPass(errs()));
    return true;
  }
  return false;
}

void registerPasses(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return rmarace::RmaMemoryAnalysis(); });
    MAM.registerPass([] { return rmarace::InstrumentationPlanAnalysis(); });
  });
  PB.registerPipelineParsingCallback(parsePipelineElement);
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "rmarace-keep-nests") return false;
        FPM.addPass(rmarace::KeepNestsPass());
        return true;
      });
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) { FPM.addPass(rmarace::KeepNestsPass()); });
  // Last, so that the plan sees optimised code: promoted locals, inlined helpers, vectorised loops.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(rmarace::InstrumentPass()); });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_EXTERNAL_VISIBILITY PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "rmarace", "0.1", registerPasses};
}
