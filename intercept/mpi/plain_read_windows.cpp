#include "plain_read_windows.h"

#include <cstdio>

namespace rmarace::mpi {

bool unifiedModel(MPI_Win window) {
  int *model = nullptr;
  int found = 0;
  PMPI_Win_get_attr(window, MPI_WIN_MODEL, &model, &found);
  return found && *model == MPI_WIN_UNIFIED;
}

void openClearedSharedWindow(MPI_Win window, MPI_Comm comm) {
  PMPI_Win_lock_all(MPI_MODE_NOCHECK, window);
  PMPI_Win_sync(window);
  PMPI_Barrier(comm);
  PMPI_Win_sync(window);
}

void awaitWindowWords(MPI_Win window, MPI_Comm comm, bool &warned, FunctionRef<bool()> arrived,
                      FunctionRef<void()> warn) {
  double warnAt = 0;
  for (;;) {
    PMPI_Win_sync(window);
    if (arrived()) return;
    int flag = 0;
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE); // progress
    double now = PMPI_Wtime();
    if (warnAt == 0) warnAt = now + kWindowPatienceSeconds;
    if (now >= warnAt && !warned) {
      warned = true;
      warn();
    }
  }
}

void warnFenceWait(Rank worldRank, uint64_t fence) {
  std::fprintf(stderr,
               "rmarace: warning: rank %d waits since %.0f s for the other members' part of "
               "fence %llu of a window (MPI_Win_fence); do all members call it, with the same "
               "MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED assertions (MPI-3.1 11.5.5)?\n",
               static_cast<int>(worldRank), kWindowPatienceSeconds,
               static_cast<unsigned long long>(fence));
}

} // namespace rmarace::mpi
