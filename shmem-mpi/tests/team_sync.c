/* NPROCS: 4 */
/* shmem_team_sync: blocks until every member arrives (a put completed by shmem_quiet before the
 * sync is visible after it), on disjoint teams at once; the C11 shmem_sync on a team and on an
 * active set. */
#include "check.h"

#define ROUNDS 20

static int flag[ROUNDS];
static long psync[SHMEM_SYNC_SIZE];

/* Columns {0, 2} and {1, 3}: in round r the team PE r % 2 puts to the other one. */
static void check_columns(shmem_team_t column) {
  int me = shmem_team_my_pe(column), other = 1 - me;
  for (int round = 0; round < ROUNDS; ++round) {
    if (round % 2 == me) {
      int world_other = shmem_team_translate_pe(column, other, SHMEM_TEAM_WORLD);
      shmem_int_p(&flag[round], round + 1, world_other);
      shmem_quiet();
    }
    CHECK(shmem_team_sync(column) == 0, "team_sync in round %d", round);
    if (round % 2 == other)
      CHECK(flag[round] == round + 1, "round %d: flag %d", round, flag[round]);
  }
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == 4, "needs 4 PEs, has %d", shmem_n_pes());
  shmem_team_t row, column;
  CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &column) == 0, "split");
  check_columns(column);
  CHECK(shmem_sync(column) == 0, "generic shmem_sync on a team");
  CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0, "generic shmem_sync on the world");
  if (me % 2 == 0)
    shmem_sync(0, 1, 2, psync); /* active set {0, 2} */
  else
    shmem_sync(1, 1, 2, psync); /* active set {1, 3} */
  shmem_sync_all();
  shmem_team_destroy(row);
  shmem_team_destroy(column);
  shmem_finalize();
  return 0;
}
