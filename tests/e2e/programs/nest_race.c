/* Races inside loop nests that the pass checks as rows before the nest (docs/instrumentation.md,
 * "Loop ranges"): a transposition reads its source down the columns (strided in the inner loop,
 * dense in the outer one) and writes its destination along the rows. Rank 0 puts into element
 * (3, 5) of rank 1's source while rank 1 transposes, then into element (6, 2) of rank 1's
 * destination, each between two barriers. The reports must name the nest's lines and the offsets
 * of the put elements. */
#include <mpi.h>

enum {
  kOrder = 16,
  kSourceTarget = 3 * kOrder + 5,
  kDestinationTarget = kOrder * kOrder + 6 * kOrder + 2
};

__attribute__((noinline)) void transpose(double *b, const double *a, long order) {
  for (long i = 0; i < order; i++)
    for (long j = 0; j < order; j++) b[i * order + j] = a[j * order + i]; /* line 17 */
}

static void put_while_target_runs(double *base, MPI_Win win, int rank, int target) {
  double one = 1.0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Put(&one, 1, MPI_DOUBLE, 1, target, 1, MPI_DOUBLE, win); /* line 24 */
    MPI_Win_flush(1, win);
  }
  if (rank == 1) transpose(base + kOrder * kOrder, base, kOrder);
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *base;
  MPI_Win win;
  MPI_Win_allocate(2 * kOrder * kOrder * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(0, win);
  put_while_target_runs(base, win, rank, kSourceTarget);
  put_while_target_runs(base, win, rank, kDestinationTarget);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
