/* An MPI_Put past the end of the target's window part. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  int value[2] = {1, 2};
  MPI_Win_fence(0, win);
  if (rank == 0) MPI_Put(value, 2, MPI_INT, 1, 1, 2, MPI_INT, win); /* line 13: bytes 4..12 of 8 */
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
