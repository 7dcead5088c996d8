/* A program whose initialisation bypasses the interceptors (it calls PMPI_Init, as some
 * libraries do): rmarace never starts, so it checks nothing, and must say so at exit instead of
 * letting the run pass as race-free. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  PMPI_Init(&argc, &argv);
  int cell = 0, rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_create(&cell, sizeof cell, sizeof cell, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  printf("rank %d done\n", rank);
  PMPI_Finalize();
  return 0;
}
