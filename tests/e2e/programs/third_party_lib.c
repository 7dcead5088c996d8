/* A third-party library in the style of Global Arrays' patch update: a block is put into the
 * caller's own patch byte-wise, then doubles are accumulated into it, completed only by
 * MPI_Win_flush_local. MPI_BYTE and MPI_DOUBLE accumulates are neither atomic nor ordered with
 * respect to each other (MPI-3.1 11.7.1, 11.7.2): a race, from code the user did not write. */
#include <mpi.h>

void third_update_patch(MPI_Win win, int target, const double *block, int n) {
  int bytes = n * (int)sizeof(double);
  MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
  MPI_Accumulate(block, bytes, MPI_BYTE, target, 0, bytes, MPI_BYTE, MPI_REPLACE, win);
  MPI_Win_flush_local(target, win);
  MPI_Accumulate(block, n, MPI_DOUBLE, target, 0, n, MPI_DOUBLE, MPI_SUM, win);
  MPI_Win_unlock(target, win);
}
