/* shmem_histogram: a distributed histogram and a distributed hash table built from OpenSHMEM 1.5
 * atomics, the irregular fine-grained pattern of the HPCC RandomAccess / GUPS and of distributed
 * hash table proxies.
 *
 * Histogram phase: every PE draws `updates` pseudo-random keys; each picks a PE and a slot of
 * that PE's symmetric histogram and adds a small weight with shmem_long_atomic_add, or, every
 * FETCH_EVERY-th key, increments it with shmem_long_atomic_fetch_inc (the fetched count cannot be
 * negative, which is checked).
 *
 * Hash table phase: every PE inserts `keys` pseudo-random keys into a symmetric hash table of
 * fixed-capacity buckets spread over the PEs, BATCH keys at a time: for each key of a batch it
 * reserves a position in the key's bucket with shmem_long_atomic_fetch_inc_nbi on the bucket's
 * fill counter, completes the batch with shmem_quiet, and then writes each key into its reserved
 * position with shmem_long_p. A shmem_barrier_all ends the phases.
 *
 * Race freedom (OpenSHMEM 1.5): the histogram slots and the fill counters are only accessed by
 * atomics of the same type until the barrier; a fetch buffer of the non-blocking AMOs is read
 * only after the shmem_quiet that completes them and rewritten only by the next batch's AMOs;
 * every table entry is written by exactly one put (its position is reserved by an atomic
 * increment), and nothing reads the table or the histogram before the barrier, which completes
 * all puts and AMOs.
 *
 * Checks and checksum: the histogram's total must equal the total weight drawn, every stored key
 * must hash to its bucket, and the table must hold every key. The checksum combines the
 * histogram weighted by slot number, the fill counts and an order-independent hash of the stored
 * keys, summed with shmem_long_sum_reduce (integers: the same bits whatever the arrival order).
 *
 * Usage: shmem_histogram [updates [keys]]   (per PE) */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
  DEFAULT_UPDATES = 300,
  DEFAULT_KEYS = 600,
  HISTOGRAM_SLOTS = 256, /* per PE */
  BUCKETS = 128,         /* per PE */
  BATCH = 64,            /* non-blocking fetch-and-increments between two quiets */
  FETCH_EVERY = 8,       /* every FETCH_EVERY-th histogram update fetches */
  MAX_WEIGHT = 7,
  /* Bucket capacity over the mean fill: enough that no bucket of the default sizes overflows. */
  CAPACITY_HEADROOM = 2,
  CAPACITY_SLACK = 32,
  EXIT_USAGE = 2,
  EXIT_CHECK = 3,
};
/* Quantities summed over the PEs for the checks and the checksum. */
enum {
  SUM_DRAWN_WEIGHT,
  SUM_HISTOGRAM,
  SUM_WEIGHTED_HISTOGRAM,
  SUM_STORED_KEYS,
  SUM_KEY_HASH,
  SUM_FILL_SQUARES,
  SUM_COUNT,
};

/* Seeds of the two phases' key streams, and the mask that keeps key hashes summable. */
static const uint64_t HISTOGRAM_SEED = 0x243f6a8885a308d3ull;
static const uint64_t TABLE_SEED = 0x13198a2e03707344ull;
static const uint64_t HASH_MASK = (1ull << 40) - 1;
/* Bits of a key that choose its slot or bucket (the low bits choose the PE). */
static const unsigned SLOT_SHIFT = 20;

static uint64_t mix(uint64_t z) { /* splitmix64 */
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Symmetric arrays of the reduction (statics are symmetric). */
static long local_sums[SUM_COUNT], global_sums[SUM_COUNT];

static void fail(const char *what) {
  fprintf(stderr, "shmem_histogram: PE %d: %s\n", shmem_my_pe(), what);
  shmem_global_exit(EXIT_CHECK);
}

/* The non-zero key stored for the i-th insertion of a PE, its PE and its bucket there. */
static long table_key(int me, long i) {
  return (long)(mix(TABLE_SEED ^ ((uint64_t)me << 32 | (uint64_t)i)) >> 1) | 1;
}
static int key_pe(long key, int npes) {
  return (int)((uint64_t)key % (uint64_t)npes);
}
static long key_bucket(long key) {
  return (long)(((uint64_t)key >> SLOT_SHIFT) % BUCKETS);
}

int main(int argc, char **argv) {
  shmem_init();
  int me = shmem_my_pe(), npes = shmem_n_pes();
  long updates = argc > 1 ? atol(argv[1]) : DEFAULT_UPDATES;
  long keys = argc > 2 ? atol(argv[2]) : DEFAULT_KEYS;
  if (updates < 1 || keys < 1) {
    if (me == 0) fprintf(stderr, "usage: shmem_histogram [updates [keys]]\n");
    shmem_global_exit(EXIT_USAGE);
  }
  /* Keys per bucket on average is keys / BUCKETS (each PE inserts keys, each PE has BUCKETS). */
  long capacity = CAPACITY_HEADROOM * (keys / BUCKETS) + CAPACITY_SLACK;

  long *histogram = shmem_calloc(HISTOGRAM_SLOTS, sizeof(long));
  long *fill = shmem_calloc(BUCKETS, sizeof(long));
  long *table = shmem_calloc((size_t)BUCKETS * (size_t)capacity, sizeof(long));
  long *tickets = malloc(BATCH * sizeof(long));
  long *batch_keys = malloc(BATCH * sizeof(long));
  if (!histogram || !fill || !table || !tickets || !batch_keys) fail("out of memory");

  /* Histogram phase. */
  long drawn_weight = 0;
  uint64_t state = HISTOGRAM_SEED ^ (uint64_t)me;
  for (long u = 0; u < updates; u++) {
    uint64_t key = mix(state += (uint64_t)u);
    int pe = (int)(key % (uint64_t)npes);
    long slot = (long)((key >> SLOT_SHIFT) % HISTOGRAM_SLOTS);
    if (u % FETCH_EVERY == 0) {
      if (shmem_long_atomic_fetch_inc(&histogram[slot], pe) < 0) fail("negative count fetched");
      drawn_weight += 1;
    } else {
      long weight = 1 + (long)((key >> 1) % MAX_WEIGHT);
      shmem_long_atomic_add(&histogram[slot], weight, pe);
      drawn_weight += weight;
    }
  }

  /* Hash table phase. */
  for (long start = 0; start < keys; start += BATCH) {
    int count = (int)(keys - start < BATCH ? keys - start : BATCH);
    for (int b = 0; b < count; b++) {
      long key = batch_keys[b] = table_key(me, start + b);
      shmem_long_atomic_fetch_inc_nbi(&tickets[b], &fill[key_bucket(key)], key_pe(key, npes));
    }
    shmem_quiet();
    for (int b = 0; b < count; b++) {
      long key = batch_keys[b];
      if (tickets[b] >= capacity) fail("a hash bucket overflowed");
      shmem_long_p(&table[key_bucket(key) * capacity + tickets[b]], key, key_pe(key, npes));
    }
  }
  shmem_barrier_all();

  /* Local checks and sums. */
  long *sums = local_sums;
  sums[SUM_DRAWN_WEIGHT] = drawn_weight;
  for (long s = 0; s < HISTOGRAM_SLOTS; s++) {
    sums[SUM_HISTOGRAM] += histogram[s];
    sums[SUM_WEIGHTED_HISTOGRAM] += histogram[s] * (s + 1);
  }
  for (long bucket = 0; bucket < BUCKETS; bucket++) {
    long filled = fill[bucket];
    if (filled > capacity) fail("a bucket's fill count exceeds its capacity");
    sums[SUM_FILL_SQUARES] += filled * filled;
    for (long e = 0; e < filled; e++) {
      long key = table[bucket * capacity + e];
      if (key == 0 || key_pe(key, npes) != me || key_bucket(key) != bucket)
        fail("a stored key is missing or in the wrong bucket");
      sums[SUM_STORED_KEYS] += 1;
      sums[SUM_KEY_HASH] += (long)(mix((uint64_t)key) & HASH_MASK);
    }
  }
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, global_sums, local_sums, SUM_COUNT);
  if (global_sums[SUM_HISTOGRAM] != global_sums[SUM_DRAWN_WEIGHT])
    fail("the histogram does not hold the weight drawn");
  if (global_sums[SUM_STORED_KEYS] != keys * npes) fail("the hash table does not hold every key");
  if (me == 0) {
    printf("shmem_histogram: updates=%ld keys=%ld pes=%d\n", updates, keys, npes);
    printf("checksum: %ld %ld %ld %ld\n", global_sums[SUM_HISTOGRAM],
           global_sums[SUM_WEIGHTED_HISTOGRAM], global_sums[SUM_FILL_SQUARES],
           global_sums[SUM_KEY_HASH]);
  }
  free(batch_keys);
  free(tickets);
  shmem_free(table);
  shmem_free(fill);
  shmem_free(histogram);
  shmem_finalize();
  return 0;
}
