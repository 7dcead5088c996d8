/* Nasty-MPI's fourth case: a put followed by an accumulate to the same target memory with no
 * synchronisation between them. Only accumulates are ordered (MPI-3.1 11.7.2); libraries that
 * complete the two in program order give 11 everywhere, any other order leaves 1 or 10 in some
 * elements. rmarace reports the remote race. */
#include "nasty_window.h"

#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  int *mem = open_window(&argc, &argv, N, 0, &rank, &win);
  if (rank == 0) {
    int ones[N], tens[N];
    for (int i = 0; i < N; ++i) ones[i] = 1, tens[i] = 10;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(ones, N, MPI_INT, 1, 0, N, MPI_INT, win);
    /* missing MPI_Win_flush(1, win) */
    MPI_Accumulate(tens, N, MPI_INT, 1, 0, N, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    printf("values");
    for (int i = 0; i < N; ++i) printf(" %d", mem[i]);
    printf("\n");
    MPI_Win_unlock(1, win);
  }
  return close_window(&win);
}
