/* Nasty-MPI's third case: a put, only locally completed (MPI_Win_flush_local), then a get of the
 * same target memory in the same epoch. Libraries that complete the put remotely at the local
 * flush let the get read the new values; a put kept until the unlock, and a get issued before it
 * (they are not ordered, MPI-3.1 11.7), reads the old ones. rmarace reports the remote race. */
#include "nasty_window.h"

#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  open_window(&argc, &argv, N, 0, &rank, &win);
  if (rank == 0) {
    int out[N], in[N];
    for (int i = 0; i < N; ++i) out[i] = i + 1, in[i] = -1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(out, N, MPI_INT, 1, 0, N, MPI_INT, win);
    MPI_Win_flush_local(1, win); /* local completion only: the put may still be in flight */
    MPI_Get(in, N, MPI_INT, 1, 0, N, MPI_INT, win);
    MPI_Win_unlock(1, win);
    int sum = 0;
    for (int i = 0; i < N; ++i) sum += in[i];
    printf("sum %d\n", sum);
  }
  return close_window(&win);
}
