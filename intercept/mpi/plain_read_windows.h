// Tool windows whose words this process reads with plain loads while other processes write them
// (the fence areas, the collective boards and the batch rings): whether the library's memory
// model allows that, opening them, and waiting for the other processes' words.
#pragma once

#include "rmarace/core/function_ref.h"
#include "rmarace/core/types.h"

#include <cstdint>
#include <mpi.h>

namespace rmarace::mpi {

// A wait for other members' words still unfinished this long is worth a warning (members that
// disagree about a fence or a collective: an erroneous program).
inline constexpr double kWindowPatienceSeconds = 10.0;

// Whether the window is in the unified memory model: only then do the others' writes become
// visible to plain loads (MPI-3.1 11.4). The model is the implementation's, the same on every
// member, so all keep such a window or none does.
bool unifiedModel(MPI_Win window);

// Opens the passive epoch (MPI_Win_lock_all) in which the shared window's words are read and
// written for its whole life, once every member cleared its words (collective over `comm`, the
// window's processes): nobody touches a member's words before they are cleared and visible.
void openClearedSharedWindow(MPI_Win window, MPI_Comm comm);

// Until `arrived` holds, read after MPI_Win_sync on `window`: polls MPI on `comm` (progress for
// the libraries that need it) and calls `warn` once kWindowPatienceSeconds have passed, if
// `warned` is still false (which it then sets: one warning per window).
void awaitWindowWords(MPI_Win window, MPI_Comm comm, bool &warned, FunctionRef<bool()> arrived,
                      FunctionRef<void()> warn);

// The warning of a fence's wait that lasted kWindowPatienceSeconds (`fence`: its number among
// the window's fences that the fence areas or the board carried).
void warnFenceWait(Rank worldRank, uint64_t fence);

} // namespace rmarace::mpi
