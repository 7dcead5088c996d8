/* Calls the halo library (halo.c) between two fences; the race is inside the library. */
#include "halo.h"

#include <rmarace/rmarace.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, *base, values[1];
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  values[0] = rank;
  MPI_Win_fence(0, win);
  halo_send(values, win, (rank + 1) % size);
  MPI_Win_fence(0, win);
  rmarace_annotate_tick();
  printf("rank %d received %d\n", rank, base[0]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
