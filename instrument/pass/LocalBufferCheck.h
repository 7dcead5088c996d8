// The compile-time local buffer check, after the static analysis of PARCOACH (Aitkaci et al.,
// "Dynamic Data Race Detection for MPI-RMA Programs", section 4.1): it finds loads and stores of a
// local buffer of an RMA operation (dissertation, section 2.2.3 and Table 2.1) between the call
// that starts the operation and any call that could complete it.
//
// It is a must-analysis: it reports only accesses that certainly race when they run:
//  - the access certainly touches bytes of the buffer: the same object (base pointer, or GASPI
//    segment) and overlapping constant offsets, within the extent the call certainly uses;
//  - it conflicts with what the library does: a store races with a buffer the library reads (an
//    origin or source), a load or a store with one it writes (a result, destination or fetch
//    buffer);
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
