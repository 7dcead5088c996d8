// Cluster analysis: within a basic block, repeated accesses to the same bytes with no call in
// between that may synchronise need one check. An instrumented access covers a later one to the
// same or fewer bytes when it is at least as strong (a store covers loads and stores, a load covers
// loads) and equally atomic; a store also covers an earlier load when execution certainly
// proceeds from the load to the store. A race of the covered access is then a race of the covering
// one, reported at the covering access's location. Then adjacent loads (or stores) of one base
// whose bytes touch or overlap, in a stretch with nothing that may synchronise or stop execution,
// are one check of their span (at most 64 bytes) at the lowest of them.
#ifndef RMARACE_INSTRUMENT_CLUSTERANALYSIS_H
#define RMARACE_INSTRUMENT_CLUSTERANALYSIS_H

#include <map>
#include <vector>

namespace llvm {
class DataLayout;
class Instruction;
class Loop;
} // namespace llvm

namespace rmarace {

struct PlannedAccess;

// Whether a call (or fence) at I may synchronise processes or threads, so accesses before and
// after it are not merged.
bool maySynchronise(const llvm::Instruction &I);
// Whether anything in L may synchronise (a call or fence that may, an atomic that may order other
// threads' accesses): the process's epoch and the runtime's tracked memory are then the same in
// every iteration as before the loop.
bool loopMaySynchronise(const llvm::Loop &L);
// Whether nothing in a loop may synchronise, each loop examined once.
class QuietLoops {
public:
  bool operator()(const llvm::Loop &L);

private:
  std::map<const llvm::Loop *, bool> Known;
};

// Marks covered accesses of one function (in instruction order) as SkipCovered, and widens the
// lowest of a group of adjacent accesses to their span.
void clusterAccesses(std::vector<PlannedAccess> &Accesses, const llvm::DataLayout &DL);

} // namespace rmarace

#endif
