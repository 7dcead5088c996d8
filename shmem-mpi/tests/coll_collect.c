/* NPROCS: 4 */
/* Team collect with a different count on every PE, fcollect, both in place, the mem forms, on a
 * strided sub-team, the C11 generics. */
#include "check.h"

#define MAX_PES 4
#define N 3
/* PE p contributes p + 1 elements to collect: 1 + 2 + 3 + 4. */
#define COLLECT_TOTAL 10

static long lsrc[MAX_PES], ldst[COLLECT_TOTAL], lbuf[COLLECT_TOTAL];
static short ssrc[N], sdst[N * MAX_PES], sbuf[N * MAX_PES];
static unsigned char msrc[N], mdst[N * MAX_PES];

static long collect_value(int pe, int i) {
  return 1000L * pe + i;
}

static void check_collect(int me) {
  for (int i = 0; i <= me; ++i) lsrc[i] = lbuf[i] = collect_value(me, i);
  shmem_barrier_all();
  CHECK(shmem_long_collect(SHMEM_TEAM_WORLD, ldst, lsrc, (size_t)me + 1) == 0, "collect");
  CHECK(shmem_collect(SHMEM_TEAM_WORLD, lbuf, lbuf, (size_t)me + 1) == 0, "collect in place");
  for (int pe = 0, k = 0; pe < MAX_PES; ++pe)
    for (int i = 0; i <= pe; ++i, ++k) {
      CHECK(ldst[k] == collect_value(pe, i), "ldst[%d] = %ld", k, ldst[k]);
      CHECK(lbuf[k] == collect_value(pe, i), "lbuf[%d] = %ld", k, lbuf[k]);
    }
  shmem_barrier_all();
}

static void check_fcollect(int me) {
  for (int i = 0; i < N; ++i) ssrc[i] = sbuf[i] = (short)(10 * me + i);
  shmem_barrier_all();
  CHECK(shmem_fcollect(SHMEM_TEAM_WORLD, sdst, ssrc, N) == 0, "fcollect");
  CHECK(shmem_short_fcollect(SHMEM_TEAM_WORLD, sbuf, sbuf, N) == 0, "fcollect in place");
  for (int k = 0; k < N * MAX_PES; ++k) {
    short want = (short)(10 * (k / N) + k % N);
    CHECK(sdst[k] == want && sbuf[k] == want, "k %d: %d %d", k, sdst[k], sbuf[k]);
  }
  shmem_barrier_all();
}

/* Team of world PEs 1 and 3: collectmem with 1 and 2 bytes, then fcollectmem. */
static void check_team_mem(int me) {
  shmem_team_t odd;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, 2, NULL, 0, &odd) == 0, "split");
  for (int i = 0; i < N; ++i) msrc[i] = (unsigned char)(me * 16 + i);
  shmem_barrier_all();
  if (odd != SHMEM_TEAM_INVALID) {
    size_t mine = (size_t)shmem_team_my_pe(odd) + 1;
    CHECK(shmem_collectmem(odd, mdst, msrc, mine) == 0, "collectmem");
    unsigned char want[] = {16, 48, 49};
    for (int k = 0; k < 3; ++k) CHECK(mdst[k] == want[k], "mdst[%d] = %d", k, mdst[k]);
    CHECK(shmem_fcollectmem(odd, mdst, msrc, N) == 0, "fcollectmem");
    for (int k = 0; k < 2 * N; ++k)
      CHECK(mdst[k] == (k / N * 2 + 1) * 16 + k % N, "mdst[%d] = %d", k, mdst[k]);
  }
  shmem_team_destroy(odd);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == MAX_PES, "needs 4 PEs, has %d", shmem_n_pes());
  check_collect(me);
  check_fcollect(me);
  check_team_mem(me);
  shmem_finalize();
  return 0;
}
