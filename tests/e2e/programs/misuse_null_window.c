/* Calls on MPI_WIN_NULL: MPI returns its error, rmarace stays out of the way. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  int v = 1;
  say("MPI_Put on MPI_WIN_NULL", MPI_Put(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_WIN_NULL));
  say("MPI_Win_fence on MPI_WIN_NULL", MPI_Win_fence(0, MPI_WIN_NULL));
  say("MPI_Win_lock on MPI_WIN_NULL", MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, MPI_WIN_NULL));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize(); return 0;
}
