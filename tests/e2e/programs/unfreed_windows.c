/* Forty windows left unfreed at MPI_Finalize, as NetPIPE leaves them: the tool's own per-window
 * resources are released in an order every rank shares (the frees are collective). */
#include <mpi.h>
#include <stdio.h>
#define NWIN 40
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win wins[NWIN];
  int *bufs[NWIN];
  for (int i = 0; i < NWIN; ++i)
    MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &bufs[i], &wins[i]);
  for (int i = 0; i < NWIN; ++i) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, wins[i]);
    MPI_Win_unlock(0, wins[i]);
  }
  printf("rank %d done, windows left unfreed\n", rank);
  MPI_Finalize();
  return 0;
}
