// The exact bytes an MPI datatype touches, and its basic element type (for atomicity).
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/types.h"

#include <cstdint>
#include <mpi.h>
#include <unordered_map>
#include <vector>

namespace rmarace::mpi {

struct TypeLayout {
  std::vector<ByteRange> blocks; // relative to the buffer start, for one element of the type
  MPI_Aint extent = 0;
  uint64_t size = 0;
  BasicType basic = BasicType::None; // the single predefined type it is built of, if any
  uint32_t basicSize = 0;
};

class Datatypes {
public:
  const TypeLayout &layout(MPI_Datatype type);
  // The bytes touched by `count` elements of `type` starting at `base`.
  ByteRanges ranges(Address base, int count, MPI_Datatype type);
  void forget(MPI_Datatype type) { cache_.erase(type); }

private:
  TypeLayout compute(MPI_Datatype type);
  std::unordered_map<MPI_Datatype, TypeLayout> cache_;
};

BasicType basicTypeOf(MPI_Datatype type);
AtomicOp atomicOpOf(MPI_Op op);

} // namespace rmarace::mpi
