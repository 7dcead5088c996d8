/* The result of a get read before the flush that completes it. MPI libraries that perform small
 * gets at the call show 42; a get issued at the flush leaves the stale 0. rmarace reports the
 * local buffer race. */
#include "nasty_window.h"

#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  open_window(&argc, &argv, 1, 42, &rank, &win);
  if (rank == 0) {
    int v = 0;
    MPI_Win_lock_all(0, win);
    MPI_Get(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    printf("value %d\n", v); /* not complete before MPI_Win_flush */
    MPI_Win_flush(1, win);
    MPI_Win_unlock_all(win);
  }
  return close_window(&win);
}
