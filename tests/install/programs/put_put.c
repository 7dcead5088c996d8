/* Two ranks put to the same location of rank 0 in one fence epoch: a race between MPI calls,
 * found without instrumenting loads and stores. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, *base, value;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  value = rank;
  MPI_Win_fence(0, win);
  MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win); /* PUT_PUT */
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
