/* NPROCS: 3 */
/* Team broadcast: every type class on a couple of types, dest updated on the root too, source ==
 * dest, the mem form, a team-relative root on a sub-team, the C11 generic. */
#include "check.h"

#define N 5

static int isrc[N], idst[N];
static double dsrc[N], ddst[N];
static long double ldbuf[N];
static char msrc[N], mdst[N];

static void check_int(int root) {
  int me = shmem_my_pe();
  for (int i = 0; i < N; ++i) {
    isrc[i] = me * 100 + i;
    idst[i] = -1;
  }
  shmem_barrier_all();
  CHECK(shmem_int_broadcast(SHMEM_TEAM_WORLD, idst, isrc, N, root) == 0, "int broadcast");
  for (int i = 0; i < N; ++i)
    CHECK(idst[i] == root * 100 + i, "root %d: idst[%d] = %d", root, i, idst[i]);
  shmem_barrier_all();
}

static void check_double_generic(void) {
  int me = shmem_my_pe();
  for (int i = 0; i < N; ++i) {
    dsrc[i] = me + i / 4.0;
    ddst[i] = -1;
  }
  shmem_barrier_all();
  CHECK(shmem_broadcast(SHMEM_TEAM_WORLD, ddst, dsrc, N, 2) == 0, "generic double broadcast");
  for (int i = 0; i < N; ++i) CHECK(ddst[i] == 2 + i / 4.0, "ddst[%d] = %g", i, ddst[i]);
  shmem_barrier_all();
}

static void check_in_place(void) {
  int me = shmem_my_pe();
  for (int i = 0; i < N; ++i) ldbuf[i] = me == 1 ? 0.5L * i : -1.0L;
  shmem_barrier_all();
  CHECK(shmem_longdouble_broadcast(SHMEM_TEAM_WORLD, ldbuf, ldbuf, N, 1) == 0, "in place");
  for (int i = 0; i < N; ++i) CHECK(ldbuf[i] == 0.5L * i, "ldbuf[%d] = %Lg", i, ldbuf[i]);
  shmem_barrier_all();
}

/* World PEs 1 and 2; the root is team PE 1 (world PE 2). PE 0 keeps its dest. */
static void check_team_mem(void) {
  int me = shmem_my_pe();
  shmem_team_t team;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, 2, NULL, 0, &team) == 0, "split");
  for (int i = 0; i < N; ++i) {
    msrc[i] = (char)('a' + me + i);
    mdst[i] = 0;
  }
  shmem_barrier_all();
  if (team != SHMEM_TEAM_INVALID)
    CHECK(shmem_broadcastmem(team, mdst, msrc, N, 1) == 0, "broadcastmem");
  for (int i = 0; i < N; ++i) {
    char want = me == 0 ? 0 : (char)('a' + 2 + i);
    CHECK(mdst[i] == want, "mdst[%d] = %d", i, mdst[i]);
  }
  if (team != SHMEM_TEAM_INVALID)
    CHECK(shmem_broadcastmem(team, mdst, msrc, N, 2) != 0, "root outside the team accepted");
  shmem_team_destroy(team);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  CHECK(shmem_n_pes() == 3, "needs 3 PEs, has %d", shmem_n_pes());
  for (int root = 0; root < 3; ++root) check_int(root);
  check_double_generic();
  check_in_place();
  check_team_mem();
  shmem_finalize();
  return 0;
}
