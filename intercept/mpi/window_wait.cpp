#include "window_wait.h"

namespace rmarace::mpi {

void awaitWindowWords(MPI_Win window, MPI_Comm comm, double patienceSeconds, bool &warned,
                      FunctionRef<bool()> arrived, FunctionRef<void()> warn) {
  double warnAt = 0;
  for (;;) {
    PMPI_Win_sync(window);
    if (arrived()) return;
    int flag = 0;
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE); // progress
    double now = PMPI_Wtime();
    if (warnAt == 0) warnAt = now + patienceSeconds;
    if (now >= warnAt && !warned) {
      warned = true;
      warn();
    }
  }
}

} // namespace rmarace::mpi
