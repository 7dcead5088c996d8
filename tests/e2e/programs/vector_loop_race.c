/* Races inside vectorised loops that the pass checks as one range before the loop (docs/
 * instrumentation.md, "Loop ranges"): the vectoriser splits each access into interleaved parts,
 * which together walk the memory densely. Rank 0 puts into element 700 of rank 1's window while
 * rank 1 scales its window in a forward loop, then into element 1 while rank 1 shifts it in a
 * reversed loop, each between two barriers. The reports must name the loops' lines and the
 * offsets of the put elements. */
#include <mpi.h>

enum { kElements = 1024, kForwardTarget = 700, kReversedTarget = 1 };

__attribute__((noinline)) void scale(double *w, long n) {
#pragma clang loop vectorize_width(2) interleave_count(2)
  for (long i = 0; i < n; i++) w[i] = 2.0 * w[i] + 1.0; /* line 13 */
}

__attribute__((noinline)) void shift(double *w, long n) {
#pragma clang loop vectorize_width(2) interleave_count(2)
  for (long i = n - 1; i >= 0; i--) w[i] += 0.5; /* line 18 */
}

static void put_while_target_runs(double *base, MPI_Win win, int rank, int target,
                                  void (*loop)(double *, long)) {
  double one = 1.0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Put(&one, 1, MPI_DOUBLE, 1, target, 1, MPI_DOUBLE, win); /* line 26 */
    MPI_Win_flush(1, win);
  }
  if (rank == 1) loop(base, kElements);
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *base;
  MPI_Win win;
  MPI_Win_allocate(kElements * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                   &win);
  MPI_Win_lock_all(0, win);
  put_while_target_runs(base, win, rank, kForwardTarget, scale);
  put_while_target_runs(base, win, rank, kReversedTarget, shift);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
