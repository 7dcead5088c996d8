// How the integer made from a pointer by a ptrtoint is used. Optimised code makes such integers all
// the time without rebuilding a pointer from them: sizes and trip counts from pointer differences
// (also passed to helper functions, as std::sort does), alignment tests, overlap checks of
// vectorised loops. Only uses that may turn the integer back into a pointer, or carry it where the
// analysis stops following integers, need the pointer's objects to escape.
#ifndef RMARACE_INSTRUMENT_ADDRESSINTEGERS_H
#define RMARACE_INSTRUMENT_ADDRESSINTEGERS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace llvm {
class Argument;
class GetElementPtrInst;
class PtrToIntInst;
class Value;
} // namespace llvm

namespace rmarace {

struct AddressIntegerUses {
  // The integer, or one computed from it, reaches an inttoptr, memory, a call the analysis does
  // not follow, an aggregate, or (for a ptrtoint) the function's callers.
  bool Escapes = false;
  // Address computations that add the integer (or one computed from it) to another pointer: the
  // result may point wherever the converted pointer points (p + (q - p) is q).
  llvm::SmallVector<const llvm::GetElementPtrInst *, 4> Offsets;
  // For a parameter: the function may return an integer computed from it.
  bool Returned = false;
};

// Follows address integers through arithmetic and into the functions of the module they are
// passed to; parameter summaries are computed once.
class AddressIntegers {
public:
  AddressIntegerUses usesOf(const llvm::PtrToIntInst &Cast);

private:
  const AddressIntegerUses *usesOfParameter(const llvm::Argument &Parameter);
  AddressIntegerUses follow(const llvm::Value &Integer, bool IsParameter);

  // Null while a parameter's summary is being computed (recursion).
  llvm::DenseMap<const llvm::Argument *, std::unique_ptr<AddressIntegerUses>> Parameters;
};

} // namespace rmarace

#endif
