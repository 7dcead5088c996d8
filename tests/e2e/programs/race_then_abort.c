/* A local buffer race, then MPI_Abort: the report must survive the abort. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  int buf = 0;
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 15 */
    buf = 7;                                           /* line 16: races with the get */
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
