#include "PageCache.h"

#include "ClusterAnalysis.h"
#include "InstrumentationPlan.h"
#include "LoopRanges.h"
#include "rmarace/rmarace.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"

#include <cstdlib>
#include <map>

namespace rmarace {

using namespace llvm;

namespace {

// Each cached page is a register live around the loop: more would spill in a loop that walks
// many arrays, and a spilled page costs a load, as the filter's first level does.
constexpr unsigned kMaxCachesPerLoop = 4;
constexpr int64_t kPageBytes = int64_t{1} << RMARACE_PAGE_SHIFT;
// A step of half a page or more finds a new page every other iteration at best.
constexpr int64_t kMaxCachedStep = kPageBytes / 2;

} // namespace

void planPageCaches(std::vector<PlannedAccess> &Accesses, LoopInfo &LI, ScalarEvolution &SE) {
  QuietLoops Quiet;
  std::map<const Loop *, unsigned> Caches;
  for (PlannedAccess &Planned : Accesses) {
    if (!Planned.instrumented() || Planned.WindowMemory || Planned.Once.Header ||
        Planned.Access.Form != MemoryAccess::Shape::Scalar)
      continue;
    Loop *L = LI.getLoopFor(Planned.Access.Inst->getParent());
    if (!L || Caches[L] == kMaxCachesPerLoop) continue;
    if (!Quiet(*L)) continue;
    // The address stays within one page, or moves on slowly enough to stay a while.
    std::optional<int64_t> Step = constantStepIn(Planned.Access.Address, *L, SE);
    if (!Step || std::abs(*Step) >= kMaxCachedStep) continue;
    Planned.Cache = PlannedAccess::CarriedLoop::of(*L);
    ++Caches[L];
  }
}

} // namespace rmarace
