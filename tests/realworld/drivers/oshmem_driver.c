/* A small OpenSHMEM 1.4 driver for Open MPI's OpenSHMEM (oshcc): puts and gets (blocking,
 * non-blocking, strided), atomics, a point-to-point flag (shmem_fence, an atomic set) and
 * shmem_wait_until, a distributed lock, and the reduction, broadcast and collect collectives on
 * symmetric globals and shmem_malloc'd memory. PE 0 prints results that do not depend on
 * timing. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define N 32

static long src[N], dst[N];
static int flag;
static long counter;
static long lock;
static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE > N ? SHMEM_REDUCE_MIN_WRKDATA_SIZE : N];
static long psync[SHMEM_REDUCE_SYNC_SIZE];
static long bsync[SHMEM_BCAST_SYNC_SIZE];
static long csync[SHMEM_COLLECT_SYNC_SIZE];
static long total[N], bcast[N], collected[4 * 64];

static long sum(const long *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i] * (1 + i % 3);
  return s;
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe(), npes = shmem_n_pes();
  int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
  for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++) bsync[i] = SHMEM_SYNC_VALUE;
  for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++) csync[i] = SHMEM_SYNC_VALUE;

  /* 1. put to the right neighbour, barrier, get from the left one */
  for (int i = 0; i < N; i++) src[i] = 100 * me + i;
  shmem_long_put(dst, src, N, right);
  shmem_barrier_all();
  long got[N];
  shmem_long_get(got, dst, N, left);
  long mine = sum(dst, N), theirs = sum(got, N);
  shmem_barrier_all();

  /* 2. non-blocking put + quiet, then a flag set after a fence; the target waits for it */
  long *heap = shmem_malloc(N * sizeof(long));
  for (int i = 0; i < N; i++) heap[i] = 0;
  shmem_barrier_all();
  shmem_long_put_nbi(heap, src, N, right);
  shmem_quiet();
  shmem_fence();
  shmem_int_atomic_set(&flag, 1, right);
  shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
  long heapsum = sum(heap, N);
  shmem_barrier_all();

  /* 3. strided put of every other element */
  long stride[N / 2];
  for (int i = 0; i < N / 2; i++) stride[i] = -me - i;
  shmem_long_iput(heap, stride, 2, 1, N / 2, right);
  shmem_barrier_all();
  long strided = sum(heap, N);
  shmem_barrier_all();

  /* 4. atomics on PE 0's counter */
  long fetched = 0;
  for (int k = 0; k < 4; k++) fetched += shmem_long_atomic_fetch_add(&counter, 1, 0);
  shmem_barrier_all(); /* the fetched values are 0..4*npes-1, whatever the order */
  shmem_long_atomic_add(&counter, 10, 0);
  shmem_barrier_all();
  long final_counter = shmem_long_atomic_fetch(&counter, 0);
  shmem_barrier_all();

  /* 5. a lock protecting a read-modify-write of PE 0's dst[0] */
  for (int k = 0; k < 3; k++) {
    shmem_set_lock(&lock);
    long v = shmem_long_g(&dst[0], 0);
    shmem_long_p(&dst[0], v + 1, 0);
    shmem_quiet();
    shmem_clear_lock(&lock);
  }
  shmem_barrier_all();
  long locked = shmem_long_g(&dst[0], 0);
  shmem_barrier_all();

  /* 6. collectives: broadcast from PE 0, fcollect, then a sum reduction of every result */
  for (int i = 0; i < N; i++) src[i] = me == 0 ? 7 * i : -1;
  shmem_barrier_all();
  shmem_broadcast64(bcast, src, N, 0, 0, 0, npes, bsync); /* PE 0's own bcast stays 0 */
  shmem_barrier_all();
  src[0] = me * me;
  shmem_barrier_all();
  shmem_fcollect64(collected, src, 1, 0, 0, npes, csync);
  shmem_barrier_all();
  long results[8] = {mine, theirs, heapsum, strided, fetched, final_counter,
                     sum(bcast, N), sum(collected, npes)};
  for (int i = 0; i < 8; i++) src[i] = results[i];
  shmem_barrier_all();
  shmem_long_sum_to_all(total, src, 8, 0, 0, npes, pwrk, psync);
  shmem_barrier_all();

  if (me == 0) {
    printf("put/get sums        %ld %ld\n", total[0], total[1]);
    printf("nbi put + flag      %ld\n", total[2]);
    printf("strided put         %ld\n", total[3]);
    printf("fetch-add sum       %ld, counter %ld\n", total[4], total[5] / npes);
    printf("locked increments   %ld\n", locked);
    printf("broadcast           %ld\n", total[6]);
    printf("fcollect            %ld\n", total[7] / npes);
  }
  shmem_barrier_all();
  shmem_free(heap);
  shmem_finalize();
  return 0;
}
