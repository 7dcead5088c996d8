/* A stand-in for examples/race_example.c: only its line numbers matter. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size; MPI_Win win; int *win_base;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win_base, &win);
  win_base[0] = 42;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int value = 1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 16 */
    MPI_Win_unlock(1, win);
  }
  if (rank == 1) {
    printf("win_base[0] is %d\n", win_base[0]); /* line 20: races with the put */
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
