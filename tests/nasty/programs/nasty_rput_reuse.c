/* The origin buffer of MPI_Rput overwritten before the MPI_Wait on its request. A library that
 * copies a small put at the call delivers 1; a put issued at the wait delivers 2. rmarace reports
 * the local buffer race. */
#include "nasty_window.h"

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  int *mem = open_window(&argc, &argv, 1, 0, &rank, &win);
  if (rank == 0) {
    int v = 1;
    MPI_Request request;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Rput(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);
    v = 2; /* the put may not have read its origin yet */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Win_unlock(1, win);
  }
  return print_and_close(rank, mem, &win);
}
