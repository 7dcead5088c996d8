// The application's reduction carried inside the tool's collective exchange: an MPI_Allreduce or
// MPI_Reduce of a few predefined elements with a predefined operation travels with the tool's
// clock contribution in one blocking MPI_Allreduce, instead of the application's collective plus the
// tool's own (the synchronisation costs one collective, as without the tool).
//
// Both parts are one element of a contiguous datatype, [tool words | application bytes], reduced
// by one user-defined operation: the tool's combination on the words, MPI_Reduce_local with the
// application's operation on the bytes. An element is never split by MPI, and the datatype
// carries the application's count, datatype and operation as an attribute, so the operation
// finds them in whichever thread MPI runs it.
#pragma once

#include <cstddef>
#include <map>
#include <mpi.h>
#include <optional>
#include <tuple>

namespace rmarace::mpi {

struct CarriedReduction {
  const void *send = nullptr; // the application's contribution (MPI_IN_PLACE resolved)
  void *recv = nullptr;       // where the result goes; nullptr where it is not significant
  int count = 0;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  std::size_t bytes = 0; // of the application's data
};

// The reduction, when it can be carried: a predefined datatype and operation, at most
// kCarriedBytes of data; `recvSignificant` is false at the non-roots of MPI_Reduce.
std::optional<CarriedReduction> carriedReduction(const void *sendbuf, void *recvbuf, int count,
                                                 MPI_Datatype type, MPI_Op op,
                                                 bool recvSignificant);

// The datatypes and the operation of carried reductions, created on first use.
class CarriedReductions {
public:
  // One element: `toolWords` 64-bit words, then the reduction's bytes rounded up to a word.
  MPI_Datatype datatype(std::size_t toolWords, const CarriedReduction &reduction);
  MPI_Op op();
  static std::size_t words(std::size_t toolWords, const CarriedReduction &reduction);
  void free(); // before MPI_Finalize

private:
  using Key = std::tuple<std::size_t, int, MPI_Datatype, MPI_Op>;
  std::map<Key, MPI_Datatype> datatypes_;
  MPI_Op op_ = MPI_OP_NULL;
};

} // namespace rmarace::mpi
