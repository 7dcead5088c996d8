// The memory accesses of a function that rmarace can instrument: loads, stores, atomic
// read-modify-writes, masked and gather/scatter vector accesses, memory intrinsics and calls to the
// C library's memory functions.
#ifndef RMARACE_INSTRUMENT_MEMORYACCESS_H
#define RMARACE_INSTRUMENT_MEMORYACCESS_H

#include "llvm/Support/TypeSize.h"

#include <cstdint>
#include <vector>

namespace llvm {
class DataLayout;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace rmarace {

struct MemoryAccess {
  // What the listing counts it as.
  enum class Category { Load, Store, Atomic, Intrinsic };
  // How it is instrumented.
  enum class Shape {
    // Size bytes at Address: inline fast filter, then __rmarace_access. Loads and stores, and
    // copies and fills of a constant length of at most RMARACE_MAX_SCALAR_ACCESS bytes.
    Scalar,
    // Length (or Size) bytes at Address: __rmarace_read_range or __rmarace_write_range.
    Range,
    // Size bytes per lane enabled in Mask, at Address + lane * Size (masked load and store) or at
    // the lane of a vector of addresses (gather, scatter).
    Lanes,
    // Size bytes per enabled lane, packed from Address on (expanding load, compressing store).
    PackedLanes,
  };

  Category Kind;
  Shape Form;
  llvm::Instruction *Inst;
  llvm::Value *Address;
  // RMARACE_READ or RMARACE_WRITE, with RMARACE_ATOMIC for atomic accesses.
  std::uint32_t Flags;
  llvm::TypeSize Size = llvm::TypeSize::Fixed(0);
  llvm::Value *Length = nullptr;
  llvm::Value *Mask = nullptr;
  unsigned NumLanes = 0;

  bool writes() const;
  bool isAtomic() const;
  // A load or store of a fixed size at one address, neither atomic nor volatile, or a copy or
  // fill of a constant length checked like one (not volatile): what one check may stand for
  // together with others (merged, or hoisted out of a loop).
  bool isPlainScalar() const;
};

// The accesses of F in instruction order. Accesses outside address space 0 (segment-relative
// addressing) are not application memory and are left out.
std::vector<MemoryAccess> collectMemoryAccesses(llvm::Function &F, const llvm::DataLayout &DL);

} // namespace rmarace

#endif
