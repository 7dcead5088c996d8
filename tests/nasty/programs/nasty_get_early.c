/* The result of a get read before the flush that completes it. MPI libraries that perform small
 * gets at the call show 42; a get issued at the flush leaves the stale 0. rmarace reports the
 * local buffer race. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mem;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  *mem = 42;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int v = 0;
    MPI_Win_lock_all(0, win);
    MPI_Get(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    printf("value %d\n", v); /* not complete before MPI_Win_flush */
    MPI_Win_flush(1, win);
    MPI_Win_unlock_all(win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
