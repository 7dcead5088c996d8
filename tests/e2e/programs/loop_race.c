/* A race inside a loop that the pass checks as one range before the loop (docs/instrumentation.md,
 * "Loop ranges"): rank 0 puts into element 700 of rank 1's window while rank 1 clears its window
 * in a loop between the same two barriers. The report must name the store's line in the loop. */
#include <mpi.h>
#include <stdio.h>

enum { kElements = 1024, kTarget = 700 };

__attribute__((noinline)) void clear(double *w, long n) {
  for (long i = 0; i < n; i++) w[i] = 0.0; /* line 10: the racing store */
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *base, one = 1.0;
  MPI_Win win;
  MPI_Win_allocate(kElements * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                   &win);
  MPI_Win_lock_all(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Put(&one, 1, MPI_DOUBLE, 1, kTarget, 1, MPI_DOUBLE, win); /* line 24 */
    MPI_Win_flush(1, win);
  }
  if (rank == 1) clear(base, kElements);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
