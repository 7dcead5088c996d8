#include <mpi.h>

int main(int argc, char **argv) {
  int rank, buf = 1, winbuf = 0;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(&winbuf, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    buf = 42;
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
