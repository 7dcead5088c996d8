/* Fences whose MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED assertions differ between the members.
 * MPI asks all members to give them alike, but libraries accept the difference, and the program
 * then runs: rmarace's fence exchange (the window's board, intercept/mpi/collective_board.h, or
 * the fence areas, intercept/mpi/fence_area.h) must not hang on it. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, *buf, one = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &buf, &win);
  *buf = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  for (int round = 0; round < 6; round++) {
    MPI_Win_fence(rank == 0 ? MPI_MODE_NOPRECEDE : 0, win);
    if (rank == 0) MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(rank == 1 ? MPI_MODE_NOSUCCEED : 0, win);
    if (rank == 1) one += *buf;
    MPI_Win_fence(0, win);
  }
  if (rank == 1) printf("buf = %d\n", *buf);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
