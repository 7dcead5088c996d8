/* NPROCS: 3 */
/* A context on a team (shmem_team_create_ctx): PE numbers on it are team-relative; the default
 * context belongs to SHMEM_TEAM_WORLD; an invalid team gives SHMEM_CTX_INVALID. */
#include "check.h"

#define MARK 100L

static long box[2];

/* World PEs 1 and 2 form the team; each writes its team PE number + MARK to the other one. */
static void exchange_on_team_ctx(shmem_team_t team) {
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  CHECK(shmem_team_create_ctx(team, 0, &ctx) == 0 && ctx != SHMEM_CTX_INVALID, "create_ctx");
  shmem_team_t owner = SHMEM_TEAM_INVALID;
  CHECK(shmem_ctx_get_team(ctx, &owner) == 0 && owner == team, "ctx_get_team");
  int me = shmem_team_my_pe(team), peer = 1 - me;
  long value = MARK + me;
  shmem_ctx_long_p(ctx, &box[0], value, peer);
  shmem_ctx_long_put(ctx, &box[1], &value, 1, peer);
  shmem_ctx_quiet(ctx);
  CHECK(shmem_team_sync(team) == 0, "team_sync");
  CHECK(box[0] == MARK + peer && box[1] == MARK + peer, "got %ld %ld from team PE %d", box[0],
        box[1], peer);
  shmem_ctx_destroy(ctx);
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == 3, "needs 3 PEs, has %d", shmem_n_pes());
  shmem_team_t owner = SHMEM_TEAM_INVALID;
  CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &owner) == 0 && owner == SHMEM_TEAM_WORLD,
        "default context team");
  shmem_team_t team;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, 2, NULL, 0, &team) == 0, "split");
  if (team != SHMEM_TEAM_INVALID)
    exchange_on_team_ctx(team);
  else {
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    CHECK(shmem_team_create_ctx(team, 0, &ctx) != 0, "create_ctx on SHMEM_TEAM_INVALID");
    CHECK(ctx == SHMEM_CTX_INVALID, "create_ctx on SHMEM_TEAM_INVALID made a context");
  }
  shmem_barrier_all();
  if (me == 0) CHECK(box[0] == 0 && box[1] == 0, "world PE 0 was written");
  shmem_team_destroy(team);
  shmem_finalize();
  return 0;
}
