/* A program with a race of its own (lines 22 and 26) that calls a third-party library with a race
 * inside it (third_party_lib.c), for suppressions by object file, function, call and line. */
#include <mpi.h>
#include <stdio.h>

void third_update_patch(MPI_Win win, int target, const double *block, int n);

int main(int argc, char **argv) {
  int rank;
  double *patch;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(4 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &patch, &win);
  for (int i = 0; i < 4; ++i) patch[i] = 0;
  double block[4] = {1, 2, 3, 4};
  MPI_Barrier(MPI_COMM_WORLD);
  third_update_patch(win, rank, block, 4);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(block, 1, MPI_DOUBLE, 1, 3, 1, MPI_DOUBLE, win);
    MPI_Win_unlock(1, win);
  }
  if (rank == 1)
    printf("patch[3] is %g\n", patch[3]);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
