// The compile-time local buffer check, after the static analysis of PARCOACH (Vinayagame et al.,
// "Static-Dynamic analysis for Performance and Accuracy of Data Race Detection in MPI One-Sided
// Programs", C3PO 2024, sections 2.2 and 3.2: origin-side errors found by a traversal of the
// control flow graph): it finds loads and stores of a local buffer of an RMA operation
// (dissertation, section 2.3.2 and Table 2.1) between the call that starts the operation and any
// call that could complete it (section 2.2.3).
//
// It is a must-analysis: it reports only accesses that certainly race when they run:
//  - the access certainly touches bytes of the buffer: the same object (base pointer, or GASPI
//    segment) and overlapping constant offsets, within the extent the call certainly uses;
//  - it conflicts with what the library does: a store races with a buffer the library reads (an
//    origin or source), a load or a store with one it writes (a result, destination or fetch
//    buffer); another RMA call on the buffer races when either call writes it, and counts only
//    when it post-dominates the first (calls under different rank tests are different processes);
//  - no instruction that may complete the operation lies on any path from the call to the access:
//    completion calls, and every call that is not known to complete nothing (unknown and external
//    functions, inline assembly, calls through pointers, functions of the module that contain
//    such a call), fences, atomic and volatile accesses (another thread may complete the
//    operation and publish it).
// Functions of the module are followed: an access in a helper that runs on every call of the
// helper, and an operation started in a helper and still pending when the helper returns.
#ifndef RMARACE_INSTRUMENT_LOCALBUFFERCHECK_H
#define RMARACE_INSTRUMENT_LOCALBUFFERCHECK_H

#include "llvm/IR/PassManager.h"

#include <vector>

namespace llvm {
class CallBase;
class Instruction;
} // namespace llvm

namespace rmarace {

struct LocalBufferRace {
  // The load, store or memory function call that touches the buffer.
  const llvm::Instruction *Access;
  bool AccessWrites;
  // The call that starts the RMA operation, and the role of the buffer in it ("origin", ...).
  const llvm::CallBase *RmaCall;
  const char *Role;
};

// The local buffer races of M, in the order of the functions and instructions of their accesses,
// each access and call once.
std::vector<LocalBufferRace> findLocalBufferRaces(llvm::Module &M,
                                                  llvm::FunctionAnalysisManager &FAM);

} // namespace rmarace

#endif
