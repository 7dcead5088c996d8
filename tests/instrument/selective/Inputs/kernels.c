// Kernels of other-translation-unit.c, in a translation unit of their own.

// Smooths the grid: never sees RMA memory in the program.
void smooth(double *grid, int n) {
  for (int i = 1; i < n - 1; i++) grid[i] = 0.25 * grid[i - 1] + 0.5 * grid[i] + 0.25 * grid[i + 1];
}

// Packs the boundary of the grid into the origin buffer of an MPI_Put.
void pack(double *out, const double *grid, int n) {
  out[0] = grid[1];
  out[1] = grid[n - 2];
}
