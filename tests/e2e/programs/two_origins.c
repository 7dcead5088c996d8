/* Two origins put to the same location in one fence epoch (RMA calls only: also found when the
 * program is not instrumented). */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  int value = rank;
  MPI_Win_fence(0, win);
  if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 14 */
  if (rank == 2) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 15 */
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
