/* Puts to ranks that are not in the window's group: MPI returns its error, rmarace stays out of
 * the way. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  int v = 1;
  MPI_Win_lock_all(0, win);
  say("MPI_Put to rank size", MPI_Put(&v, 1, MPI_INT, size, 0, 1, MPI_INT, win));
  say("MPI_Put to rank -5", MPI_Put(&v, 1, MPI_INT, -5, 0, 1, MPI_INT, win));
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize(); return 0;
}
