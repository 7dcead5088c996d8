#include "plain_read_windows.h"

namespace rmarace::mpi {

bool unifiedModel(MPI_Win window) {
  int *model = nullptr;
  int found = 0;
  PMPI_Win_get_attr(window, MPI_WIN_MODEL, &model, &found);
  return found && *model == MPI_WIN_UNIFIED;
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

} // namespace rmarace::mpi
