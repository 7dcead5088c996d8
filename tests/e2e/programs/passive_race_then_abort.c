/* A put in a lock_all epoch that nothing completes, a load of its target after a barrier, then
   MPI_Abort: the target judges the put although its lock acquisition is not known yet. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *base, value = 1;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(0, win);
  if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 13 */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    printf("read %d\n", *base); /* line 16: races with the put */
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
