/* shmem_stencil: a 2D Jacobi solver for the Laplace equation on an n x n grid, rows block-
 * distributed over the PEs, with OpenSHMEM 1.5 put-with-signal halo exchange and no barrier in
 * the iteration loop (the pattern of PRK Stencil's SHMEM variant and of halo codes built on
 * put-with-signal).
 *
 * The grid (two private arrays, input and output, with one ghost row above and below) stays out
 * of the symmetric heap. After each sweep a PE packs its first and last owned rows into a private
 * send buffer and puts them with shmem_double_put_signal_nbi into the halo receive buffers of its
 * neighbours (symmetric, two per side: the parity of the step selects one), setting the
 * neighbour's per-side signal to the step number. Before the next sweep it waits with
 * shmem_signal_wait_until for its neighbours' signals to reach that step and unpacks the halo
 * receive buffers into its ghost rows. Every RESIDUAL_INTERVAL sweeps the squared 2-norm of the
 * update is summed over SHMEM_TEAM_WORLD with shmem_double_sum_reduce; for Jacobi on the Laplace
 * equation it never grows, which the program checks.
 *
 * Race freedom (OpenSHMEM 1.5): step s lands in halo buffer s % 2 of the neighbour, which reads
 * it after its signal wait for step s (the signal is delivered after the data). The next write to
 * that buffer is step s + 2, which the neighbour computes only after receiving this PE's step
 * s + 1, sent after this PE's unpack of step s: the unpack happens before the overwrite through
 * the chain put-with-signal -> signal wait -> put. A signal set to step s + 1 also satisfies a
 * wait for step s (the waits use SHMEM_CMP_GE) and a neighbour can be at most one step ahead.
 * The send buffer is rewritten only after shmem_quiet, which completes the previous puts.
 *
 * The checksum is the sum of the grid (per-PE sums gathered with shmem_double_fcollect and added
 * in PE order, so the bits do not depend on the reduction algorithm) and the last residual.
 *
 * Usage: shmem_stencil [n [iterations]] */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  DEFAULT_N = 1024,
  DEFAULT_ITERATIONS = 200,
  RESIDUAL_INTERVAL = 20,
  /* Halo buffers and signals per PE: one for the row from the PE above, one from below. */
  ABOVE = 0,
  BELOW = 1,
  SIDES = 2,
  /* Halo buffers per side: steps alternate between them. */
  PARITIES = 2,
  EXIT_USAGE = 2,
  EXIT_CHECK = 3,
};

/* Dirichlet boundary: the first global row is held at TOP_VALUE, the other borders at 0. */
static const double TOP_VALUE = 1.0;
static const double QUARTER = 0.25;
/* Relative slack for the monotonicity check of the residual (rounding of the sums). */
static const double RESIDUAL_SLACK = 1e-12;

/* Symmetric scalars for the reductions (statics and globals are symmetric in OpenSHMEM). */
static double local_residual, global_residual;

static void fail(const char *what) {
  fprintf(stderr, "shmem_stencil: PE %d: %s\n", shmem_my_pe(), what);
  shmem_global_exit(EXIT_CHECK);
}

int main(int argc, char **argv) {
  shmem_init();
  int me = shmem_my_pe(), npes = shmem_n_pes();
  long n = argc > 1 ? atol(argv[1]) : DEFAULT_N;
  long iterations = argc > 2 ? atol(argv[2]) : DEFAULT_ITERATIONS;
  if (n < 3 || n < npes || iterations < 1) {
    if (me == 0) fprintf(stderr, "usage: shmem_stencil [n [iterations]] (n >= 3 and >= PEs)\n");
    shmem_global_exit(EXIT_USAGE);
  }

  /* Rows [first, first + rows) of the global grid, the remainder spread over the first PEs. */
  long rows = n / npes + (me < n % npes ? 1 : 0);
  long first = me * (n / npes) + (me < n % npes ? me : n % npes);
  int up = me > 0 ? me - 1 : -1, down = me < npes - 1 ? me + 1 : -1;
  size_t row_bytes = (size_t)n * sizeof(double);
  size_t local_points = (size_t)(rows + 2) * (size_t)n; /* with the two ghost rows */

  double *in = calloc(local_points, sizeof(double));
  double *out = calloc(local_points, sizeof(double));
  double *send = malloc(SIDES * row_bytes);
  /* halo[(parity * SIDES + side) * n]: symmetric, allocated collectively (ends with a barrier). */
  double *halo = shmem_calloc((size_t)PARITIES * SIDES * (size_t)n, sizeof(double));
  uint64_t *signal = shmem_calloc(SIDES, sizeof(uint64_t));
  double *pe_sums = shmem_calloc((size_t)npes, sizeof(double));
  double *pe_sum = shmem_calloc(1, sizeof(double));
  if (!in || !out || !send || !halo || !signal || !pe_sums || !pe_sum) fail("out of memory");
#define AT(grid, i, j) ((grid)[(size_t)(i) * (size_t)n + (size_t)(j)])
#define HALO(parity, side) (halo + ((size_t)(parity)*SIDES + (size_t)(side)) * (size_t)n)

  if (first == 0)
    for (long j = 0; j < n; j++) AT(in, 1, j) = AT(out, 1, j) = TOP_VALUE;

  /* Local rows [lo, hi) are updated; the first and last global rows are fixed. */
  long lo = first == 0 ? 2 : 1;
  long hi = first + rows == n ? rows : rows + 1;

  /* Step s carries the boundary rows of the grid after s sweeps (in) to the neighbours. */
  for (long step = 0; step < iterations; step++) {
    int parity = (int)(step % PARITIES);
    uint64_t arrived = (uint64_t)step + 1; /* signal value of step */
    if (step > 0) shmem_quiet();           /* the puts of step - 1 have read the send buffer */
    if (up >= 0) {
      memcpy(send + ABOVE * n, &AT(in, 1, 0), row_bytes);
      shmem_double_put_signal_nbi(HALO(parity, BELOW), send + ABOVE * n, (size_t)n, &signal[BELOW],
                                  arrived, SHMEM_SIGNAL_SET, up);
    }
    if (down >= 0) {
      memcpy(send + BELOW * n, &AT(in, rows, 0), row_bytes);
      shmem_double_put_signal_nbi(HALO(parity, ABOVE), send + BELOW * n, (size_t)n, &signal[ABOVE],
                                  arrived, SHMEM_SIGNAL_SET, down);
    }
    if (up >= 0) {
      shmem_signal_wait_until(&signal[ABOVE], SHMEM_CMP_GE, arrived);
      memcpy(&AT(in, 0, 0), HALO(parity, ABOVE), row_bytes);
    }
    if (down >= 0) {
      shmem_signal_wait_until(&signal[BELOW], SHMEM_CMP_GE, arrived);
      memcpy(&AT(in, rows + 1, 0), HALO(parity, BELOW), row_bytes);
    }

    int measure = (step + 1) % RESIDUAL_INTERVAL == 0 || step + 1 == iterations;
    double residual = 0.0;
    for (long i = lo; i < hi; i++) {
      for (long j = 1; j < n - 1; j++) {
        double value =
            QUARTER * (AT(in, i - 1, j) + AT(in, i + 1, j) + AT(in, i, j - 1) + AT(in, i, j + 1));
        AT(out, i, j) = value;
      }
      if (measure)
        for (long j = 1; j < n - 1; j++) {
          double delta = AT(out, i, j) - AT(in, i, j);
          residual += delta * delta;
        }
    }
    if (measure) {
      local_residual = residual;
      double last = global_residual;
      shmem_double_sum_reduce(SHMEM_TEAM_WORLD, &global_residual, &local_residual, 1);
      if (!(global_residual >= 0.0) ||
          (step + 1 > RESIDUAL_INTERVAL && global_residual > last * (1.0 + RESIDUAL_SLACK)))
        fail("the residual grew");
    }
    double *swap = in;
    in = out;
    out = swap;
  }
  shmem_quiet();

  double sum = 0.0;
  for (long i = 1; i <= rows; i++)
    for (long j = 0; j < n; j++) sum += AT(in, i, j);
  *pe_sum = sum;
  shmem_double_fcollect(SHMEM_TEAM_WORLD, pe_sums, pe_sum, 1);
  if (me == 0) {
    double total = 0.0;
    for (int pe = 0; pe < npes; pe++) total += pe_sums[pe];
    printf("shmem_stencil: n=%ld iterations=%ld pes=%d\n", n, iterations, npes);
    printf("checksum: %.15e %.6e\n", total, global_residual);
  }
#undef AT
#undef HALO
  shmem_free(pe_sum);
  shmem_free(pe_sums);
  shmem_free(signal);
  shmem_free(halo);
  free(send);
  free(out);
  free(in);
  shmem_finalize();
  return 0;
}
