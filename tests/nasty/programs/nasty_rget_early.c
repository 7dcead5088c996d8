/* The result of MPI_Rget read before the MPI_Wait on its request. MPI libraries that perform
 * small gets at the call show 42; a get issued at the wait leaves the stale 0. rmarace reports the
 * local buffer race. */
#include "nasty_window.h"

#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  open_window(&argc, &argv, 1, 42, &rank, &win);
  if (rank == 0) {
    int v = 0;
    MPI_Request request;
    MPI_Win_lock_all(0, win);
    MPI_Rget(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);
    printf("value %d\n", v); /* not complete before MPI_Wait */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Win_unlock_all(win);
  }
  return close_window(&win);
}
