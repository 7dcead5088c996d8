/* Origin buffer reused before the put is complete: the put's origin is overwritten before the
 * unlock that completes it. MPI libraries that send small puts at the call deliver 1; a put issued
 * at the unlock (as late as MPI-3.1 11.5.4 allows) delivers 2. rmarace reports the local buffer
 * race. */
#include "nasty_window.h"

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  int *mem = open_window(&argc, &argv, 1, 0, &rank, &win);
  if (rank == 0) {
    int x = 1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&x, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    x = 2; /* the origin buffer is not the program's until the unlock */
    MPI_Win_unlock(1, win);
  }
  return print_and_close(rank, mem, &win);
}
