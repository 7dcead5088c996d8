/* gaspi_stencil: a 2D Jacobi solver for the Laplace equation on an n x n grid, rows block-
 * distributed over the ranks, with a GASPI halo exchange by gaspi_write_notify into double-
 * buffered receive areas and no barrier in the iteration loop (GPI-2 v1.6 API).
 *
 * The grid (two private arrays, input and output, with one ghost row above and below) stays out
 * of the segment. The GPI-2 tutorial's halo-exchange exercises keep their whole (small) array in
 * the segment and write the boundary straight from it; codes whose halos are not contiguous, or
 * that do not want to pin all their data, pack the halos into segment buffers instead, which is
 * what this program does (like shmem_stencil and stencil, so the three can be compared, and so
 * that the sweeps touch no communication memory). One segment, created with
 * gaspi_segment_create over GASPI_GROUP_ALL (zero-filled), holds a send buffer per side and four
 * receive areas: one per side (the row from the rank above, from below) and per parity of the
 * step.
 *
 * Step s carries the boundary rows of the grid after s sweeps. A rank packs its first and last
 * owned rows into the send buffers and writes each with gaspi_write_notify into the receive area
 * of parity s % 2 of the neighbour, with the notification of that area and side set to s + 1
 * (queue 0). It then waits with gaspi_notify_waitsome on the two notifications of the parity,
 * takes whichever arrived first with gaspi_notify_reset (which must return s + 1), copies that
 * receive area into its ghost row, and repeats until every neighbour's row arrived; then it
 * sweeps. Every RESIDUAL_INTERVAL sweeps the squared 2-norm of the update is summed over
 * GASPI_GROUP_ALL with gaspi_allreduce; for Jacobi on the Laplace equation it never grows, which
 * the program checks.
 *
 * Race freedom (GASPI, GPI-2): gaspi_wait completes a write only locally, so it says nothing
 * about the target; a write is visible at the target once the target observes a notification
 * covering it, and the notification of gaspi_write_notify covers its own write. A rank reads the
 * receive area of step s only after it has observed that write's notification. The next write to
 * that area is step s + 2, which the neighbour posts only after it observed this rank's
 * notification of step s + 1, which this rank posts after its copy of step s: the copy happens
 * before the overwrite through the chain copy -> write_notify -> notify_waitsome/notify_reset ->
 * write_notify. The same chain orders the reset of a notification before its next setting.
 * Step s + 1 goes to the other parity, so a neighbour one step ahead (the most it can be) writes
 * elsewhere. The send buffers are repacked only after gaspi_wait on the queue: the previous
 * step's writes have then read them (local completion is what the source needs).
 *
 * The checksum is the sum of the grid and the last residual, both from per-rank values that
 * gaspi_allreduce sums as vectors with one non-zero entry per rank (so every entry is exact) and
 * that are added in rank order here: the bits do not depend on the reduction algorithm, and they
 * are shmem_stencil's for the same arguments and number of processes (the same arithmetic).
 *
 * Usage: gaspi_stencil [n [iterations]] */
#include <GASPI.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  DEFAULT_N = 1024,
  DEFAULT_ITERATIONS = 200,
  RESIDUAL_INTERVAL = 20,
  /* Receive areas and notifications per rank: one for the row from the rank above, one from
   * below; the send buffers use the same numbers for the row sent up and the row sent down. */
  ABOVE = 0,
  BELOW = 1,
  SIDES = 2,
  /* Receive areas per side: steps alternate between them. */
  PARITIES = 2,
  EXIT_USAGE = 2,
  EXIT_CHECK = 3,
};

static const gaspi_segment_id_t SEGMENT = 0;
static const gaspi_queue_id_t QUEUE = 0;

/* Dirichlet boundary: the first global row is held at TOP_VALUE, the other borders at 0. */
static const double TOP_VALUE = 1.0;
static const double QUARTER = 0.25;
/* Relative slack for the monotonicity check of the residual (rounding of the sums). */
static const double RESIDUAL_SLACK = 1e-12;

static gaspi_rank_t me, nprocs;

/* Ends the job: _Exit skips the library's exit handler, which would wait for the other ranks. */
static void fail(const char *what) {
  fprintf(stderr, "gaspi_stencil: rank %d: %s\n", me, what);
  fflush(stderr);
  _Exit(EXIT_CHECK);
}

static void check(gaspi_return_t result, const char *call) {
  if (result != GASPI_SUCCESS) {
    char message[128];
    snprintf(message, sizeof message, "%s returned %d", call, (int)result);
    fail(message);
  }
}

/* The sum over the ranks of one value per rank, added in rank order: `slots` (nprocs zeroed
 * entries) carries this rank's value at its index through gaspi_allreduce. */
static double sum_in_rank_order(double value, double *slots, double *sums) {
  memset(slots, 0, nprocs * sizeof(double));
  slots[me] = value;
  check(gaspi_allreduce(slots, sums, nprocs, GASPI_OP_SUM, GASPI_TYPE_DOUBLE, GASPI_GROUP_ALL,
                        GASPI_BLOCK),
        "gaspi_allreduce");
  double total = 0.0;
  for (gaspi_rank_t rank = 0; rank < nprocs; rank++) total += sums[rank];
  return total;
}

int main(int argc, char **argv) {
  check(gaspi_proc_init(GASPI_BLOCK), "gaspi_proc_init");
  check(gaspi_proc_rank(&me), "gaspi_proc_rank");
  check(gaspi_proc_num(&nprocs), "gaspi_proc_num");
  long n = argc > 1 ? atol(argv[1]) : DEFAULT_N;
  long iterations = argc > 2 ? atol(argv[2]) : DEFAULT_ITERATIONS;
  gaspi_number_t reduce_max = 0;
  check(gaspi_allreduce_elem_max(&reduce_max), "gaspi_allreduce_elem_max");
  if (n < 3 || n < nprocs || iterations < 1 || nprocs > reduce_max) {
    if (me == 0)
      fprintf(stderr,
              "usage: gaspi_stencil [n [iterations]] (n >= 3 and >= ranks; at most %u "
              "ranks)\n",
              reduce_max);
    gaspi_proc_term(GASPI_BLOCK);
    return EXIT_USAGE;
  }

  /* Rows [first, first + rows) of the global grid, the remainder spread over the first ranks. */
  long rows = n / nprocs + (me < n % nprocs ? 1 : 0);
  long first = me * (n / nprocs) + (me < n % nprocs ? me : n % nprocs);
  int up = me > 0 ? me - 1 : -1, down = me < nprocs - 1 ? me + 1 : -1;
  size_t row_bytes = (size_t)n * sizeof(double);
  size_t local_points = (size_t)(rows + 2) * (size_t)n; /* with the two ghost rows */

  double *in = calloc(local_points, sizeof(double));
  double *out = calloc(local_points, sizeof(double));
  double *slots = malloc(nprocs * sizeof(double));
  double *sums = malloc(nprocs * sizeof(double));
  if (!in || !out || !slots || !sums) fail("out of memory");

  /* The segment: send[side * n], then recv[(parity * SIDES + side) * n]. Collective; ends with a
   * barrier, so every rank's areas exist before anyone writes to them. */
  gaspi_offset_t recv_offset = SIDES * row_bytes;
  check(gaspi_segment_create(SEGMENT, recv_offset + PARITIES * SIDES * row_bytes, GASPI_GROUP_ALL,
                             GASPI_BLOCK, GASPI_MEM_INITIALIZED),
        "gaspi_segment_create");
  gaspi_pointer_t base = NULL;
  check(gaspi_segment_ptr(SEGMENT, &base), "gaspi_segment_ptr");
  double *send = base;
  double *recv = (double *)((char *)base + recv_offset);
#define AT(grid, i, j) ((grid)[(size_t)(i) * (size_t)n + (size_t)(j)])
#define SEND(side) (send + (size_t)(side) * (size_t)n)
#define SEND_OFFSET(side) ((gaspi_offset_t)(side)*row_bytes)
#define RECV(parity, side) (recv + ((size_t)(parity)*SIDES + (size_t)(side)) * (size_t)n)
#define RECV_OFFSET(parity, side)                                                                  \
  (recv_offset + ((gaspi_offset_t)(parity)*SIDES + (gaspi_offset_t)(side)) * row_bytes)
/* The notification of a receive area. */
#define NOTIFICATION(parity, side) ((gaspi_notification_id_t)((parity)*SIDES + (side)))

  if (first == 0)
    for (long j = 0; j < n; j++) AT(in, 1, j) = AT(out, 1, j) = TOP_VALUE;

  /* Local rows [lo, hi) are updated; the first and last global rows are fixed. */
  long lo = first == 0 ? 2 : 1;
  long hi = first + rows == n ? rows : rows + 1;
  int neighbours = (up >= 0) + (down >= 0);

  double global_residual = 0.0;
  for (long step = 0; step < iterations; step++) {
    int parity = (int)(step % PARITIES);
    gaspi_notification_t arrived = (gaspi_notification_t)step + 1; /* notification of step */
    /* The writes of step - 1 have read the send buffers (local completion only). */
    if (step > 0) check(gaspi_wait(QUEUE, GASPI_BLOCK), "gaspi_wait");
    if (up >= 0) {
      /* My first row is the row from below for the rank above. */
      memcpy(SEND(ABOVE), &AT(in, 1, 0), row_bytes);
      check(gaspi_write_notify(SEGMENT, SEND_OFFSET(ABOVE), (gaspi_rank_t)up, SEGMENT,
                               RECV_OFFSET(parity, BELOW), row_bytes, NOTIFICATION(parity, BELOW),
                               arrived, QUEUE, GASPI_BLOCK),
            "gaspi_write_notify");
    }
    if (down >= 0) {
      memcpy(SEND(BELOW), &AT(in, rows, 0), row_bytes);
      check(gaspi_write_notify(SEGMENT, SEND_OFFSET(BELOW), (gaspi_rank_t)down, SEGMENT,
                               RECV_OFFSET(parity, ABOVE), row_bytes, NOTIFICATION(parity, ABOVE),
                               arrived, QUEUE, GASPI_BLOCK),
            "gaspi_write_notify");
    }
    /* Take the neighbours' rows in the order they arrive. */
    for (int received = 0; received < neighbours; received++) {
      gaspi_notification_id_t id = 0;
      gaspi_notification_t value = 0;
      check(gaspi_notify_waitsome(SEGMENT, NOTIFICATION(parity, 0), SIDES, &id, GASPI_BLOCK),
            "gaspi_notify_waitsome");
      check(gaspi_notify_reset(SEGMENT, id, &value), "gaspi_notify_reset");
      int side = (int)id - parity * SIDES;
      if (value != arrived || (side == ABOVE ? up : down) < 0)
        fail("a halo notification does not belong to this step");
      memcpy(&AT(in, side == ABOVE ? 0 : rows + 1, 0), RECV(parity, side), row_bytes);
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
      double last = global_residual;
      global_residual = sum_in_rank_order(residual, slots, sums);
      if (!(global_residual >= 0.0) ||
          (step + 1 > RESIDUAL_INTERVAL && global_residual > last * (1.0 + RESIDUAL_SLACK)))
        fail("the residual grew");
    }
    double *swap = in;
    in = out;
    out = swap;
  }
  /* Nothing of this rank may be in flight when the segment goes away with gaspi_proc_term; the
   * neighbours observed every write of the last step before their last sweep. */
  check(gaspi_wait(QUEUE, GASPI_BLOCK), "gaspi_wait");

  double sum = 0.0;
  for (long i = 1; i <= rows; i++)
    for (long j = 0; j < n; j++) sum += AT(in, i, j);
  double total = sum_in_rank_order(sum, slots, sums);
  if (me == 0) {
    printf("gaspi_stencil: n=%ld iterations=%ld ranks=%d\n", n, iterations, nprocs);
    printf("checksum: %.15e %.6e\n", total, global_residual);
  }
#undef AT
#undef SEND
#undef SEND_OFFSET
#undef RECV
#undef RECV_OFFSET
#undef NOTIFICATION
  check(gaspi_segment_delete(SEGMENT), "gaspi_segment_delete");
  free(sums);
  free(slots);
  free(out);
  free(in);
  check(gaspi_proc_term(GASPI_BLOCK), "gaspi_proc_term");
  return 0;
}
