// Waiting for other processes' words in a tool window that this process reads with plain loads
// (the fence areas and the collective boards), with MPI progress meanwhile and one warning when
// the wait lasts.
#pragma once

#include "rmarace/core/function_ref.h"

#include <mpi.h>

namespace rmarace::mpi {

// Until `arrived` holds, read after MPI_Win_sync on `window`: polls MPI on `comm` (progress for
// the libraries that need it) and calls `warn` once `patienceSeconds` have passed, if `warned`
// is still false (which it then sets: one warning per window).
void awaitWindowWords(MPI_Win window, MPI_Comm comm, double patienceSeconds, bool &warned,
                      FunctionRef<bool()> arrived, FunctionRef<void()> warn);

} // namespace rmarace::mpi
