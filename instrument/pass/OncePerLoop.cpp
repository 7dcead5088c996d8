#include "OncePerLoop.h"

#include "ClusterAnalysis.h"
#include "InstrumentationPlan.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"

#include <map>

namespace rmarace {

using namespace llvm;

namespace {
// Each flag is an i1 carried around the loops: past this many in one loop they would spill, and
// a loop with so many invariant addresses is better served by the repeat filter than by a stack
// of flags.
constexpr unsigned kMaxFlagsPerLoop = 8;
} // namespace

void planOncePerLoop(std::vector<PlannedAccess> &Accesses, LoopInfo &LI, ScalarEvolution &SE) {
  QuietLoops Quiet;
  std::map<const Loop *, unsigned> Flags;
  for (PlannedAccess &Planned : Accesses) {
    if (!Planned.instrumented() || !Planned.Access.isPlainScalar()) continue;
    const SCEV *Address = SE.getSCEV(Planned.Access.Address);
    // The outermost loop around the access that keeps its address and cannot synchronise (inner
    // loops of a loop that cannot synchronise cannot either).
    const Loop *Outermost = nullptr;
    for (const Loop *L = LI.getLoopFor(Planned.Access.Inst->getParent());
         L && SE.isLoopInvariant(Address, L) && Quiet(*L); L = L->getParentLoop())
      Outermost = L;
    if (!Outermost || Flags[Outermost] == kMaxFlagsPerLoop) continue;
    Planned.Once = PlannedAccess::CarriedLoop::of(*Outermost);
    ++Flags[Outermost];
  }
}

} // namespace rmarace
