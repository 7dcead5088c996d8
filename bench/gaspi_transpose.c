/* gaspi_transpose: repeated distributed transposes of an n x n matrix, rows block-distributed over
 * the ranks: the all-to-all of 2D FFTs and of spectral transforms, pipelined with GASPI
 * gaspi_write_list_notify on two queues and no barrier in the iteration loop (GPI-2 v1.6 API).
 *
 * Rank r owns rows [first_r, first_r + rows_r) of the input A and of the output B = A^T. The panel
 * of A in r's rows and s's columns (rows_r x rows_s) becomes, transposed, the panel of B in s's
 * rows and r's columns. Each iteration r writes its panel for every peer s, unchanged, into a
 * receive slot of s with gaspi_write_list_notify: a list of row pieces (each of rows_s doubles,
 * strided by n in A, contiguous in the slot) with one notification per list, set to the iteration
 * number + 1. A list holds at most rw_list_elem_max (GPI-2: 255) pieces, so a panel of more rows is
 * sent as several equal blocks of rows, one list and one notification each (with the default size
 * and 4 ranks, panels of 256 rows as two blocks of 128). The blocks for the peers at odd distance
 * go to queue 1, the others to queue 0. A queue is waited for only when it is full or when the send
 * area its posts read is needed again, so the posts of two iterations can be in flight on it: a
 * post that returns GASPI_QUEUE_FULL (it posted nothing; with the default size queue 1 is full in
 * every third iteration) is retried after gaspi_wait on its queue. After posting, a rank transposes
 * its own panel from A into B and then takes the incoming blocks in the order they arrive
 * (gaspi_notify_waitsome over the iteration's notifications, gaspi_notify_reset, which must return
 * the iteration's value) and transposes each into B. It checks B exactly and writes the next input
 * A' = B + 1, so that A_k[i][j] = (k even ? i n + j : j n + i) + k and every element of B_k = A_k^T
 * is known.
 *
 * Segment (gaspi_segment_create over GASPI_GROUP_ALL, zero-filled): A twice (the send areas of
 * the two parities of the iteration), then the receive area twice, each n x rows_me doubles: the
 * slot of sender s is its rows [first_s, first_s + rows_s), so a receive area is the part of A
 * in this rank's columns, of which B is the transpose.
 *
 * Race freedom (GASPI, GPI-2): a write is visible at its target once the target observes a
 * notification covering it, and the notification of gaspi_write_list_notify covers the writes of
 * its list; gaspi_wait completes writes only locally (their sources may be reused). A rank reads
 * a block of its receive area only after observing the block's notification. The slot of sender
 * s in the receive area of parity p is written again two iterations later: s posts iteration
 * k + 2 only after it has received every block of iteration k + 1, including this rank's, which
 * this rank posts only after it has transposed all of iteration k (read -> write_list_notify ->
 * notify_waitsome/notify_reset -> write_list_notify), and every pair of ranks exchanges in every
 * iteration. The same chain orders the reset of a notification before its next setting. The
 * send area of parity p, read by the posts of iteration k, is rewritten at the end of iteration
 * k + 1 only after gaspi_wait on every queue that still holds posts of iteration k (a queue
 * waited since then, for a full queue or for the previous iteration, is not waited again), so
 * the posts of iteration k + 1 stay in flight meanwhile. No barrier is needed: every reuse of a
 * buffer is ordered by a notification or a gaspi_wait as above (and gaspi_barrier would complete
 * no write). If ranks posted an iteration before collecting the previous one (independent
 * iterations), a sender could get two iterations ahead of a receiver still reading an area; that
 * would need a barrier per iteration or notifications from the receivers granting the areas.
 *
 * The checksum is two integer sums over the final B (plain and weighted by the global index,
 * modulo 2^64), summed with gaspi_allreduce: the same bits whatever the reduction order.
 *
 * Usage: gaspi_transpose [n [iterations]] */
#include <GASPI.h>
#include <stdio.h>
#include <stdlib.h>

enum {
  DEFAULT_N = 1024,
  DEFAULT_ITERATIONS = 12,
  /* Queues for the blocks: queue distance % QUEUES for the peer at that distance. */
  QUEUES = 2,
  /* Send and receive areas: iterations alternate between them. */
  PARITIES = 2,
  NONE_PENDING = -1,
  EXIT_USAGE = 2,
  EXIT_CHECK = 3,
};
/* Integer sums of the checks and the checksum. */
enum { SUM_VALUES, SUM_WEIGHTED, SUM_QUEUE_FULL, SUM_COUNT };

static const gaspi_segment_id_t SEGMENT = 0;

static gaspi_rank_t me, nprocs;
static long n;

/* Ends the job: _Exit skips the library's exit handler, which would wait for the other ranks. */
static void fail(const char *what) {
  fprintf(stderr, "gaspi_transpose: rank %d: %s\n", me, what);
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

/* Rows [first_of(r), first_of(r) + rows_of(r)) belong to rank r; the first n % nprocs ranks have
 * one more. */
static long rows_of(long rank) {
  return n / nprocs + (rank < n % nprocs ? 1 : 0);
}
static long first_of(long rank) {
  return rank * (n / nprocs) + (rank < n % nprocs ? rank : n % nprocs);
}

/* Bytes of rank r's segment before its receive areas (its two send areas), and the offset of the
 * slot of `sender` in r's receive area of `parity`. */
static gaspi_offset_t recv_base(long rank) {
  return (gaspi_offset_t)PARITIES * (gaspi_offset_t)rows_of(rank) * (gaspi_offset_t)n *
         sizeof(double);
}
static gaspi_offset_t slot_offset(long rank, int parity, long sender) {
  return recv_base(rank) +
         ((gaspi_offset_t)parity * (gaspi_offset_t)n + (gaspi_offset_t)first_of(sender)) *
             (gaspi_offset_t)rows_of(rank) * sizeof(double);
}

/* A panel of `rows` rows is sent as blocks_of(rows) blocks of nearly equal row counts; block b
 * is rows [block_start(rows, b), block_start(rows, b + 1)). */
static long list_max;
static long blocks_of(long rows) {
  return (rows + list_max - 1) / list_max;
}
static long block_start(long rows, long block) {
  return block * rows / blocks_of(rows);
}

/* Element (i, j) of A_k (global indices) and its value as an exact integer. */
static double input_value(long k, long i, long j) {
  return (double)((k % 2 == 0 ? i * n + j : j * n + i) + k);
}

/* Posting with the queues' bookkeeping: the oldest iteration with posts not yet waited for, per
 * queue, and the number of posts retried because their queue was full. */
static long pending[QUEUES];
static unsigned long queue_full_retries;

static void wait_queue(gaspi_queue_id_t queue) {
  check(gaspi_wait(queue, GASPI_BLOCK), "gaspi_wait");
  pending[queue] = NONE_PENDING;
}

/* List arguments of one block (the library reads them during the call). */
static gaspi_segment_id_t *list_segments;
static gaspi_offset_t *list_local, *list_remote;
static gaspi_size_t *list_sizes;

/* Writes rows [r0, r1) of this rank's panel for `dest` from the send area of `parity` into
 * dest's slot for this rank, with notification `id` set to `value`. */
static void post_block(long iteration, int parity, long dest, long r0, long r1,
                       gaspi_notification_id_t id, gaspi_notification_t value) {
  long dest_rows = rows_of(dest);
  gaspi_offset_t send_area =
      (gaspi_offset_t)parity * (gaspi_offset_t)rows_of(me) * (gaspi_offset_t)n * sizeof(double);
  gaspi_offset_t slot = slot_offset(dest, parity, me);
  gaspi_number_t num = (gaspi_number_t)(r1 - r0);
  for (gaspi_number_t e = 0; e < num; e++) {
    long row = r0 + (long)e;
    list_segments[e] = SEGMENT;
    list_local[e] =
        send_area +
        ((gaspi_offset_t)row * (gaspi_offset_t)n + (gaspi_offset_t)first_of(dest)) * sizeof(double);
    list_remote[e] = slot + (gaspi_offset_t)row * (gaspi_offset_t)dest_rows * sizeof(double);
    list_sizes[e] = (gaspi_size_t)dest_rows * sizeof(double);
  }
  long distance = (dest - me + nprocs) % nprocs;
  gaspi_queue_id_t queue = (gaspi_queue_id_t)(distance % QUEUES);
  for (;;) {
    gaspi_return_t result =
        gaspi_write_list_notify(num, list_segments, list_local, (gaspi_rank_t)dest, list_segments,
                                list_remote, list_sizes, SEGMENT, id, value, queue, GASPI_BLOCK);
    if (result == GASPI_SUCCESS) break;
    if (result != GASPI_QUEUE_FULL) check(result, "gaspi_write_list_notify");
    wait_queue(queue); /* nothing was posted: make room and retry */
    queue_full_retries++;
  }
  if (pending[queue] == NONE_PENDING) pending[queue] = iteration;
}

int main(int argc, char **argv) {
  check(gaspi_proc_init(GASPI_BLOCK), "gaspi_proc_init");
  check(gaspi_proc_rank(&me), "gaspi_proc_rank");
  check(gaspi_proc_num(&nprocs), "gaspi_proc_num");
  n = argc > 1 ? atol(argv[1]) : DEFAULT_N;
  long iterations = argc > 2 ? atol(argv[2]) : DEFAULT_ITERATIONS;
  gaspi_config_t config;
  check(gaspi_config_get(&config), "gaspi_config_get");
  list_max = (long)config.rw_list_elem_max;
  gaspi_number_t notification_num = 0;
  check(gaspi_notification_num(&notification_num), "gaspi_notification_num");
  /* Values up to n^2 + iterations must be exact doubles. */
  int sizes_ok = n >= nprocs && n <= (1L << 24) && iterations >= 1 && iterations <= (1L << 24) &&
                 list_max >= 1 && config.queue_num >= QUEUES;
  /* Notifications: one per (parity, sender, block); rank 0 has the most rows and blocks. */
  long max_blocks = sizes_ok ? blocks_of(rows_of(0)) : 0;
  /* A block (at most list_max rows) and its notification must fit into an empty queue. */
  long block_entries = (rows_of(0) < list_max ? rows_of(0) : list_max) + 1;
  if (!sizes_ok || (long)PARITIES * nprocs * max_blocks > (long)notification_num ||
      block_entries > (long)config.queue_size_max) {
    if (me == 0)
      fprintf(stderr, "usage: gaspi_transpose [n [iterations]] (ranks <= n <= 2^24, "
                      "iterations <= 2^24)\n");
    gaspi_proc_term(GASPI_BLOCK);
    return EXIT_USAGE;
  }

  long rows = rows_of(me), first = first_of(me);
  size_t local_elements = (size_t)rows * (size_t)n; /* A, B and each area */
  double *b = malloc(local_elements * sizeof(double));
  list_segments = malloc((size_t)list_max * sizeof *list_segments);
  list_local = malloc((size_t)list_max * sizeof *list_local);
  list_remote = malloc((size_t)list_max * sizeof *list_remote);
  list_sizes = malloc((size_t)list_max * sizeof *list_sizes);
  if (!b || !list_segments || !list_local || !list_remote || !list_sizes) fail("out of memory");

  /* Collective; ends with a barrier, so every rank's areas exist before anyone writes to them. */
  check(gaspi_segment_create(SEGMENT, 2 * recv_base(me), GASPI_GROUP_ALL, GASPI_BLOCK,
                             GASPI_MEM_INITIALIZED),
        "gaspi_segment_create");
  gaspi_pointer_t base = NULL;
  check(gaspi_segment_ptr(SEGMENT, &base), "gaspi_segment_ptr");
#define SEND(parity) ((double *)base + (size_t)(parity)*local_elements)
#define RECV(parity) ((double *)base + (size_t)(PARITIES + (parity)) * local_elements)
#define AT(matrix, i, j) ((matrix)[(size_t)(i) * (size_t)n + (size_t)(j)])
/* Element (global row g, local column j) of a receive area: n x rows. */
#define SLOT_AT(area, g, j) ((area)[(size_t)(g) * (size_t)rows + (size_t)(j)])
/* The notification of block `block` from `sender` in the receive area of `parity`. */
#define NOTIFICATION(parity, sender, block)                                                        \
  ((gaspi_notification_id_t)(((long)(parity)*nprocs + (sender)) * max_blocks + (block)))

  for (long i = 0; i < rows; i++)
    for (long j = 0; j < n; j++) AT(SEND(0), i, j) = input_value(0, first + i, j);
  for (int q = 0; q < QUEUES; q++) pending[q] = NONE_PENDING;
  long expected_blocks = 0;
  for (long sender = 0; sender < nprocs; sender++)
    if (sender != me) expected_blocks += blocks_of(rows_of(sender));

  for (long k = 0; k < iterations; k++) {
    int parity = (int)(k % PARITIES);
    gaspi_notification_t value = (gaspi_notification_t)k + 1; /* notification of iteration k */
    double *a = SEND(parity), *area = RECV(parity);
    /* Post every block, nearest peers first (the peers' receive loops take any order). */
    for (long distance = 1; distance < nprocs; distance++) {
      long dest = (me + distance) % nprocs;
      for (long block = 0; block < blocks_of(rows); block++)
        post_block(k, parity, dest, block_start(rows, block), block_start(rows, block + 1),
                   NOTIFICATION(parity, me, block), value);
    }
    /* The own panel meanwhile: B[j][first + i] = A[i][first + j]. */
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < rows; j++) AT(b, j, first + i) = AT(a, i, first + j);
    /* The peers' blocks in the order they arrive: B[j][g] = area[g][j]. */
    for (long received = 0; received < expected_blocks; received++) {
      gaspi_notification_id_t id = 0;
      gaspi_notification_t got = 0;
      check(gaspi_notify_waitsome(SEGMENT, NOTIFICATION(parity, 0, 0),
                                  (gaspi_number_t)(nprocs * max_blocks), &id, GASPI_BLOCK),
            "gaspi_notify_waitsome");
      check(gaspi_notify_reset(SEGMENT, id, &got), "gaspi_notify_reset");
      long index = (long)id - (long)NOTIFICATION(parity, 0, 0);
      long sender = index / max_blocks, block = index % max_blocks;
      long sender_rows = rows_of(sender);
      if (got != value || sender == me || block >= blocks_of(sender_rows))
        fail("a block notification does not belong to this iteration");
      long g0 = first_of(sender) + block_start(sender_rows, block);
      long g1 = first_of(sender) + block_start(sender_rows, block + 1);
      for (long g = g0; g < g1; g++)
        for (long j = 0; j < rows; j++) AT(b, j, g) = SLOT_AT(area, g, j);
    }

    /* The send area of the other parity was read by the posts of iteration k - 1. */
    int last = k + 1 == iterations;
    for (int q = 0; q < QUEUES; q++)
      if (!last && pending[q] != NONE_PENDING && pending[q] <= k - 1)
        wait_queue((gaspi_queue_id_t)q);
    /* Check B_k = A_k^T and write A_{k+1} = B_k + 1. */
    double *next = SEND(1 - parity);
    long wrong = 0;
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < n; j++) {
        double element = AT(b, i, j);
        wrong += element != input_value(k, j, first + i);
        if (!last) AT(next, i, j) = element + 1.0;
      }
    if (wrong) fail("the transpose is wrong");
  }
  /* Nothing of this rank may be in flight when the segment is deleted; every peer has observed
   * the writes of the last iteration into this rank's segment. */
  for (int q = 0; q < QUEUES; q++)
    if (pending[q] != NONE_PENDING) wait_queue((gaspi_queue_id_t)q);

  unsigned long local_sums[SUM_COUNT] = {0}, global_sums[SUM_COUNT] = {0};
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < n; j++) {
      unsigned long element = (unsigned long)AT(b, i, j);
      local_sums[SUM_VALUES] += element;
      local_sums[SUM_WEIGHTED] += element * (unsigned long)((first + i) * n + j + 1);
    }
  local_sums[SUM_QUEUE_FULL] = queue_full_retries;
  check(gaspi_allreduce(local_sums, global_sums, SUM_COUNT, GASPI_OP_SUM, GASPI_TYPE_ULONG,
                        GASPI_GROUP_ALL, GASPI_BLOCK),
        "gaspi_allreduce");
  if (me == 0) {
    printf("gaspi_transpose: n=%ld iterations=%ld ranks=%d blocks per panel=%ld "
           "full-queue retries=%lu\n",
           n, iterations, nprocs, max_blocks, global_sums[SUM_QUEUE_FULL]);
    printf("checksum: %lu %lu\n", global_sums[SUM_VALUES], global_sums[SUM_WEIGHTED]);
  }
#undef SEND
#undef RECV
#undef AT
#undef SLOT_AT
#undef NOTIFICATION
  check(gaspi_segment_delete(SEGMENT), "gaspi_segment_delete");
  free(list_sizes);
  free(list_remote);
  free(list_local);
  free(list_segments);
  free(b);
  check(gaspi_proc_term(GASPI_BLOCK), "gaspi_proc_term");
  return 0;
}
