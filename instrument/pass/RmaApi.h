// The MPI, OpenSHMEM and GASPI functions the analysis knows, and what each does with its pointer
// arguments. This is the one place that says which memory becomes RMA-relevant.
#ifndef RMARACE_INSTRUMENT_RMAAPI_H
#define RMARACE_INSTRUMENT_RMAAPI_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace rmarace {

enum class RmaLibrary { Mpi, Shmem, Gaspi };

// What a call does with one pointer argument.
enum class ArgumentRole {
  // An opaque handle (communicator, window, context, team) or an out-parameter for a handle or a
  // number: no application memory the library touches later, no aliases.
  Handle,
  // Data the call reads or writes (two-sided and collective buffers, queries). The libraries copy
  // bytes: pointers inside data sent to another process mean nothing there, so data creates no
  // aliases.
  Data,
  // Origin, result or compare buffer of a one-sided operation, or symmetric memory: RMA-relevant.
  RmaBuffer,
  // Memory the call exposes to remote access (window base, memory bound to a segment):
  // RMA-relevant and retrievable by later queries.
  ExposedMemory,
  // Out-parameter that receives newly allocated exposed memory (MPI_Win_allocate).
  ExposedAllocation,
  // Out-parameter that receives a pointer to some exposed memory (MPI_Win_shared_query,
  // MPI_Win_get_attr, gaspi_segment_ptr).
  ExposedQuery,
  // Out-parameter that receives fresh memory that is not exposed by itself (MPI_Alloc_mem).
  FreshAllocation,
  // The address is turned into an integer that derived datatypes and dynamic windows use as an
  // absolute address (MPI_Get_address): RMA-relevant and escaping.
  AddressTaken,
  // The library keeps the pointer and may hand it out later (attribute values, attached buffers).
  Captured,
  // Out-parameter that receives a pointer the library kept or owns (MPI_Comm_get_attr,
  // MPI_Buffer_detach).
  LibraryPointerOut,
};

// What the call returns.
enum class ResultRole {
  None,
  // Fresh symmetric memory (shmem_malloc and friends).
  FreshRmaMemory,
  // Symmetric memory that is fresh or the first argument's (shmem_realloc).
  ReallocatedRmaMemory,
  // A pointer into the memory of the first argument (shmem_ptr).
  AliasOfFirstArgument,
  // An address computed from the integer arguments (MPI_Aint_add, MPI_Aint_diff).
  AddressArithmetic,
};

struct RmaFunction {
  RmaLibrary Library = RmaLibrary::Mpi;
  ResultRole Result = ResultRole::None;
  // The role of pointer arguments that Roles does not name.
  ArgumentRole DefaultRole = ArgumentRole::Data;
  llvm::SmallVector<std::pair<unsigned, ArgumentRole>, 3> Roles;
  // MPI_Op_create: user-defined reduction operations may then be applied by MPI to any data
  // buffer of a reduction.
  bool CreatesUserReduction = false;

  ArgumentRole roleOf(unsigned ArgNo) const;
};

// The model of a call to `Name` with `NumArgs` arguments, or nullopt when Name is not an MPI,
// OpenSHMEM or GASPI function. Profiling names (PMPI_, pshmem_, pgaspi_) and MPI-4 large-count
// names (suffix _c) have the model of the plain function.
std::optional<RmaFunction> lookupRmaFunction(llvm::StringRef Name, unsigned NumArgs);

// A local buffer of a nonblocking RMA operation: the library reads it (an origin or source) or
// writes it (a result, destination or fetch buffer) at any time until a completion call
// (dissertation, section 2.2.3). Its extent is Count elements of ElementSize bytes, counted from
// the pointer argument Pointer, or, for GASPI, from byte Offset of the segment named by Segment.
struct LocalBuffer {
  static constexpr int None = -1;

  // "origin", "result", "compare", "source", "destination" or "fetch".
  const char *Role = "origin";
  bool LibraryWrites = false;
  int Pointer = None;
  int Segment = None;
  int Offset = None;
  // The argument with the number of elements, or None for one element.
  int Count = None;
  // The argument with the MPI datatype of an element, or None when ElementSize gives its size.
  int Datatype = None;
  unsigned ElementSize = 1;
  // GASPI: the argument with the queue the operation is posted to.
  int Queue = None;
};

// The local buffers of a call to `Name` that stay in use after the call returns: those of the MPI
// one-sided communication calls (MPI-3.1 section 11.3), of OpenSHMEM's nonblocking (_nbi) puts,
// gets and fetching atomics, and of gaspi_write and gaspi_read (with _notify). Blocking calls that
// are locally complete at return have none.
llvm::SmallVector<LocalBuffer, 3> pendingLocalBuffersOf(llvm::StringRef Name);

// For a call that completes only the operations posted to one queue (gaspi_wait, dissertation
// section 2.2.3), the argument that names the queue.
std::optional<unsigned> completedQueueArgument(llvm::StringRef Name);

// Whether a call to `Name` certainly completes no earlier RMA operation: the calls that only start
// operations, queries of the process's rank, the start of passive target epochs, shmem_fence.
bool completesNothing(llvm::StringRef Name);

// Whether the location of a call to `Name` is recorded for reports (call-site marking): every
// function whose name starts with MPI_, PMPI_, shmem_, pshmem_, gaspi_ or pgaspi_.
bool marksCallSite(llvm::StringRef Name);

} // namespace rmarace

#endif
