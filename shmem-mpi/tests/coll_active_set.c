/* NPROCS: 4 */
/* The deprecated active-set collectives: barrier (quiet included), sync, broadcast32/64 (root's
 * dest untouched), collect32 with different counts, fcollect64, alltoall32/64, alltoalls64, and
 * to_all reductions, on the world and on the strided active sets {0, 2} and {1, 3}. */
#include "check.h"

#define NPES 4
#define N 2
#define LOG_STRIDE 1
#define SET_SIZE 2
#define UNTOUCHED (-7)

static long psync[SHMEM_REDUCE_SYNC_SIZE];
static int32_t a32[N * NPES], b32[N * NPES];
static int64_t a64[N * NPES], b64[N * NPES];
static int ia[N], ib[N], iwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + N];
static long la[N], lb[N], lwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + N];
static double da[N], db[N], dwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + N];
static short sa[N], sb[N], swrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + N];
static int flag;

/* My set {me % 2, me % 2 + 2}: start, and my index in it. */
static int set_start(int me) {
  return me % 2;
}
static int set_index(int me) {
  return me / 2;
}

static void fill(int me) {
  for (int k = 0; k < N * NPES; ++k) {
    a32[k] = me * 100 + k;
    a64[k] = (int64_t)me << 40 | k;
    b32[k] = UNTOUCHED;
    b64[k] = UNTOUCHED;
  }
  shmem_barrier_all();
}

static void check_barrier(int me) {
  int other = (me + 2) % NPES;
  shmem_int_p(&flag, me + 1, other);
  shmem_barrier(set_start(me), LOG_STRIDE, SET_SIZE, psync);
  CHECK(flag == other + 1, "flag %d after the barrier", flag);
  shmem_sync(set_start(me), LOG_STRIDE, SET_SIZE, psync);
  shmem_barrier(0, 0, NPES, psync);
}

static void check_broadcast(int me) {
  fill(me);
  shmem_broadcast32(b32, a32, N, 1, 0, 0, NPES, psync);
  for (int k = 0; k < N; ++k) {
    int32_t want = me == 1 ? UNTOUCHED : 100 + k;
    CHECK(b32[k] == want, "broadcast32 b32[%d] = %d", k, (int)b32[k]);
  }
  shmem_broadcast64(b64, a64, N, 1, set_start(me), LOG_STRIDE, SET_SIZE, psync);
  int root = set_start(me) + 2;
  for (int k = 0; k < N; ++k) {
    int64_t want = me == root ? UNTOUCHED : (int64_t)root << 40 | k;
    CHECK(b64[k] == want, "broadcast64 b64[%d] = %lld", k, (long long)b64[k]);
  }
  shmem_barrier_all();
}

/* collect32: PE p gives p elements (PE 0 none); fcollect64 over my set. */
static void check_collect(int me) {
  fill(me);
  shmem_collect32(b32, a32, (size_t)me, 0, 0, NPES, psync);
  for (int pe = 1, k = 0; pe < NPES; ++pe)
    for (int i = 0; i < pe; ++i, ++k) CHECK(b32[k] == pe * 100 + i, "collect32 b32[%d]", k);
  CHECK(b32[6] == UNTOUCHED, "collect32 wrote beyond its 6 elements");
  shmem_fcollect64(b64, a64, N, set_start(me), LOG_STRIDE, SET_SIZE, psync);
  for (int k = 0; k < N * SET_SIZE; ++k) {
    int pe = set_start(me) + 2 * (k / N);
    CHECK(b64[k] == ((int64_t)pe << 40 | k % N), "fcollect64 b64[%d]", k);
  }
  shmem_barrier_all();
}

static void check_alltoall(int me) {
  fill(me);
  shmem_alltoall32(b32, a32, N, 0, 0, NPES, psync);
  for (int k = 0; k < N * NPES; ++k)
    CHECK(b32[k] == k / N * 100 + me * N + k % N, "alltoall32 b32[%d] = %d", k, (int)b32[k]);
  shmem_alltoall64(b64, a64, N, set_start(me), LOG_STRIDE, SET_SIZE, psync);
  for (int k = 0; k < N * SET_SIZE; ++k) {
    int pe = set_start(me) + 2 * (k / N);
    CHECK(b64[k] == ((int64_t)pe << 40 | (set_index(me) * N + k % N)), "alltoall64 b64[%d]", k);
  }
  shmem_barrier_all();
  fill(me);
  /* One element per PE, source stride 2, dest stride 3. */
  shmem_alltoalls64(b64, a64, 3, 2, 1, set_start(me), LOG_STRIDE, SET_SIZE, psync);
  for (int k = 0; k < N * NPES; ++k) {
    int pe = set_start(me) + 2 * (k / 3);
    int64_t want = k % 3 || k / 3 >= SET_SIZE ? UNTOUCHED : (int64_t)pe << 40 | 2 * set_index(me);
    CHECK(b64[k] == want, "alltoalls64 b64[%d] = %lld", k, (long long)b64[k]);
  }
  shmem_barrier_all();
}

static void check_to_all(int me) {
  for (int i = 0; i < N; ++i) {
    ia[i] = me + i;
    la[i] = (me + 1) * (i + 1);
    da[i] = me + 0.5;
    sa[i] = (short)(0x10 | 1 << me);
  }
  shmem_barrier_all();
  shmem_int_sum_to_all(ib, ia, N, 0, 0, NPES, iwrk, psync);
  shmem_long_max_to_all(lb, la, N, set_start(me), LOG_STRIDE, SET_SIZE, lwrk, psync);
  shmem_double_prod_to_all(db, da, N, 0, 0, NPES, dwrk, psync);
  shmem_short_xor_to_all(sb, sa, N, 0, 0, NPES, swrk, psync);
  shmem_int_min_to_all(ia, ia, N, set_start(me), LOG_STRIDE, SET_SIZE, iwrk, psync);
  for (int i = 0; i < N; ++i) {
    CHECK(ib[i] == 6 + NPES * i, "int sum %d", ib[i]);
    CHECK(lb[i] == (set_start(me) + 3) * (i + 1), "long max %ld", lb[i]);
    CHECK(db[i] == 0.5 * 1.5 * 2.5 * 3.5, "double prod %g", db[i]);
    CHECK(sb[i] == 0xF, "short xor %#x", sb[i]);
    CHECK(ia[i] == set_start(me) + i, "int min in place %d", ia[i]);
  }
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == NPES, "needs 4 PEs, has %d", shmem_n_pes());
  for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; ++i) psync[i] = SHMEM_SYNC_VALUE;
  shmem_barrier_all();
  check_barrier(me);
  check_broadcast(me);
  check_collect(me);
  check_alltoall(me);
  check_to_all(me);
  shmem_finalize();
  return 0;
}
