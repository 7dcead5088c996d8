/* Nasty-MPI's second case (Fig. 6, the MCS lock's acquire): an accumulate to one target and a
 * fetch-and-op on another, but only the second target is flushed. Rank 0 then tells rank 1 that
 * its flag is set. Libraries that complete all pending operations at any flush show 1; an
 * accumulate issued only when its own target is completed (the unlock_all, after rank 1 has
 * answered) leaves 0. rmarace reports the remote race on the flag. */
#include "nasty_window.h"

#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  int *mem = open_window(&argc, &argv, 2, 0, &rank, &win);
  MPI_Win_lock_all(0, win);
  int token = 0;
  if (rank == 0) {
    int one = 1, old = 0;
    MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
    MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 1, MPI_SUM, win);
    MPI_Win_flush(0, win); /* completes only the fetch-and-op at rank 0 */
    MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Win_sync(win);
    printf("flag %d\n", mem[0]);
    MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Win_unlock_all(win);
  return close_window(&win);
}
