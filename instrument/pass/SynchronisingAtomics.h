// The atomic instructions of a function that order the events of threads: loads with acquire,
// stores with release, and read-modify-writes with either (C11/C++11 atomics and OpenMP `atomic`
// with a memory-order clause, which compile to LLVM atomics). Relaxed atomics order nothing unless
// their function has a fence (`atomic_thread_fence`, `omp flush`); single-thread (signal) scope
// atomics are left out (docs/hybrid.md).
#ifndef RMARACE_INSTRUMENT_SYNCHRONISINGATOMICS_H
#define RMARACE_INSTRUMENT_SYNCHRONISINGATOMICS_H

#include <vector>

namespace llvm {
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace rmarace {

struct SynchronisingAtomic {
  llvm::Instruction *Inst;
  llvm::Value *Address;
  // Acquire: the thread learns what the releases to Address made known, after Inst.
  bool Acquires;
  // Release: what the thread did before Inst becomes known to later acquires of Address.
  bool Releases;
};

std::vector<SynchronisingAtomic> collectSynchronisingAtomics(llvm::Function &F);

} // namespace rmarace

#endif
