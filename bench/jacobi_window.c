/* A 2D Jacobi solver whose grid lives in an RMA window: the pattern of codes that compute straight
 * on window memory (docs/benchmarks.md, "window-resident benchmarks"). The n x n grid is split
 * into row blocks, one per rank; each rank's block and its two halo rows are one
 * MPI_Win_allocate window. Every iteration: MPI_Win_fence; MPI_Put of the first and last own row
 * into the halo rows of the neighbours above and below; MPI_Win_fence; the five-point update of
 * the block, read from the window into a new block, and the new block copied back into the
 * window. Race-free: the puts of an iteration write only halo rows, which nobody reads between
 * the two fences; the update reads the halo rows after the second fence completed the puts and
 * writes the own rows before the next fence, after which the next puts read them.
 *
 * Usage: jacobi_window [n [iterations]] (default 2048 300). Prints a checksum (the grid's sum,
 * reduced in rank order): the same bits from every build at one number of ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long argument(int argc, char **argv, int index, long fallback) {
  return argc > index ? strtol(argv[index], NULL, 10) : fallback;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argument(argc, argv, 1, 2048);
  long iterations = argument(argc, argv, 2, 300);
  if (n < size || iterations < 1) {
    if (rank == 0) fprintf(stderr, "jacobi_window: need n >= ranks and iterations >= 1\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long first = n * rank / size, rows = n * (rank + 1) / size - first;
  /* Row 0 and row rows + 1 are the halos; columns 0 and n - 1 are fixed boundary values. */
  double *grid;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)((rows + 2) * n * sizeof(double)), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &grid, &win);
  double *next = malloc((size_t)(rows * n) * sizeof(double));
  for (long r = 0; r < rows + 2; r++)
    for (long c = 0; c < n; c++) {
      long global = first + r - 1;
      grid[r * n + c] = global == 0 ? 1.0 : c == 0 ? 0.5 : 0.0; /* hot top, warm left edge */
    }
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (long it = 0; it < iterations; it++) {
    MPI_Win_fence(0, win);
    /* My first row is the bottom halo (row rows_up + 1) of the rank above, my last row the top
     * halo (row 0) of the rank below. */
    if (up != MPI_PROC_NULL) {
      long upRows = n * rank / size - n * (rank - 1) / size;
      MPI_Put(&grid[1 * n], (int)n, MPI_DOUBLE, up, (MPI_Aint)((upRows + 1) * n), (int)n,
              MPI_DOUBLE, win);
    }
    if (down != MPI_PROC_NULL)
      MPI_Put(&grid[rows * n], (int)n, MPI_DOUBLE, down, 0, (int)n, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);
    for (long r = 1; r <= rows; r++) {
      const double *above = &grid[(r - 1) * n], *here = &grid[r * n], *below = &grid[(r + 1) * n];
      double *out = &next[(r - 1) * n];
      out[0] = here[0];
      out[n - 1] = here[n - 1];
      for (long c = 1; c < n - 1; c++)
        out[c] = 0.25 * (above[c] + below[c] + here[c - 1] + here[c + 1]);
    }
    /* The global first and last rows are boundary rows too. */
    for (long r = 1; r <= rows; r++) {
      long global = first + r - 1;
      if (global == 0 || global == n - 1) continue;
      memcpy(&grid[r * n + 1], &next[(r - 1) * n + 1], (size_t)(n - 2) * sizeof(double));
    }
  }
  double local = 0;
  for (long r = 1; r <= rows; r++)
    for (long c = 0; c < n; c++) local += grid[r * n + c];
  double *sums = rank == 0 ? malloc((size_t)size * sizeof(double)) : NULL;
  MPI_Gather(&local, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    double total = 0;
    for (int r = 0; r < size; r++) total += sums[r];
    printf("checksum: %.12e\n", total);
    free(sums);
  }
  MPI_Win_fence(0, win);
  free(next);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
