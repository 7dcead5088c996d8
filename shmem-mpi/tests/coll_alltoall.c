/* NPROCS: 3 */
/* Team alltoall and alltoalls (different source and dest strides), both in place, the mem
 * forms, the C11 generics. */
#include "check.h"

#define NPES 3
#define N 2
#define SST 3
#define DST 2
#define BLOCKS (N * NPES)

static int isrc[BLOCKS], idst[BLOCKS], ibuf[BLOCKS];
static double dsrc[BLOCKS * SST], ddst[BLOCKS * DST], dbuf[BLOCKS * SST];
static char msrc[BLOCKS], mdst[BLOCKS];

/* Element i of the block that PE from sends to PE to. */
static int value(int from, int to, int i) {
  return 100 * from + 10 * to + i;
}

static void check_alltoall(int me) {
  for (int to = 0; to < NPES; ++to)
    for (int i = 0; i < N; ++i) isrc[to * N + i] = ibuf[to * N + i] = value(me, to, i);
  shmem_barrier_all();
  CHECK(shmem_int_alltoall(SHMEM_TEAM_WORLD, idst, isrc, N) == 0, "alltoall");
  CHECK(shmem_alltoall(SHMEM_TEAM_WORLD, ibuf, ibuf, N) == 0, "alltoall in place");
  for (int from = 0; from < NPES; ++from)
    for (int i = 0; i < N; ++i) {
      int want = value(from, me, i), k = from * N + i;
      CHECK(idst[k] == want && ibuf[k] == want, "k %d: %d %d", k, idst[k], ibuf[k]);
    }
  shmem_barrier_all();
}

static void check_alltoalls(int me) {
  for (int k = 0; k < BLOCKS * SST; ++k) dsrc[k] = dbuf[k] = -1;
  for (int k = 0; k < BLOCKS * DST; ++k) ddst[k] = -2;
  for (int to = 0; to < NPES; ++to)
    for (int i = 0; i < N; ++i)
      dsrc[(to * N + i) * SST] = dbuf[(to * N + i) * SST] = value(me, to, i);
  shmem_barrier_all();
  CHECK(shmem_double_alltoalls(SHMEM_TEAM_WORLD, ddst, dsrc, DST, SST, N) == 0, "alltoalls");
  CHECK(shmem_alltoalls(SHMEM_TEAM_WORLD, dbuf, dbuf, SST, SST, N) == 0, "alltoalls in place");
  for (int k = 0; k < BLOCKS * DST; ++k) {
    double want = k % DST ? -2 : value(k / DST / N, me, k / DST % N);
    CHECK(ddst[k] == want, "ddst[%d] = %g, want %g", k, ddst[k], want);
  }
  for (int k = 0; k < BLOCKS * SST; ++k) {
    double want = k % SST ? -1 : value(k / SST / N, me, k / SST % N);
    CHECK(dbuf[k] == want, "dbuf[%d] = %g, want %g", k, dbuf[k], want);
  }
  CHECK(shmem_double_alltoalls(SHMEM_TEAM_WORLD, ddst, dsrc, 0, SST, N) != 0, "stride 0 accepted");
  shmem_barrier_all();
}

static void check_mem(int me) {
  for (int k = 0; k < BLOCKS; ++k) msrc[k] = (char)(me * BLOCKS + k);
  shmem_barrier_all();
  CHECK(shmem_alltoallmem(SHMEM_TEAM_WORLD, mdst, msrc, N) == 0, "alltoallmem");
  for (int k = 0; k < BLOCKS; ++k)
    CHECK(mdst[k] == (char)(k / N * BLOCKS + me * N + k % N), "mdst[%d] = %d", k, mdst[k]);
  shmem_barrier_all();
  CHECK(shmem_alltoallsmem(SHMEM_TEAM_WORLD, mdst, msrc, 1, 2, 1) == 0, "alltoallsmem");
  for (int from = 0; from < NPES; ++from)
    CHECK(mdst[from] == (char)(from * BLOCKS + 2 * me), "mdst[%d] = %d", from, mdst[from]);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == NPES, "needs 3 PEs, has %d", shmem_n_pes());
  check_alltoall(me);
  check_alltoalls(me);
  check_mem(me);
  shmem_finalize();
  return 0;
}
