/* NPROCS: 2 */
/* The predefined teams, shmem_team_get_config, and create/destroy cycles (contexts of a team are
 * destroyed with it). */
#include "check.h"

#define CYCLES 40
#define NUM_CONTEXTS 3

static void check_predefined(int me, int n_pes) {
  CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me, "world PE");
  CHECK(shmem_team_n_pes(SHMEM_TEAM_WORLD) == n_pes, "world size");
  /* mpirun on one node: every PE shares memory with every other. */
  CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) == n_pes, "shared size %d",
        shmem_team_n_pes(SHMEM_TEAM_SHARED));
  int shared_pe = shmem_team_my_pe(SHMEM_TEAM_SHARED);
  CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, shared_pe, SHMEM_TEAM_WORLD) == me,
        "shared PE %d", shared_pe);
  CHECK(shmem_team_sync(SHMEM_TEAM_SHARED) == 0, "sync of the shared team");
}

static void check_config(void) {
  shmem_team_config_t config = {.num_contexts = -1};
  CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &config) == 0,
        "get_config of the world");
  CHECK(config.num_contexts == 0, "world num_contexts %d", config.num_contexts);
  CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &config) != 0,
        "get_config of SHMEM_TEAM_INVALID");
  shmem_team_config_t wanted = {.num_contexts = NUM_CONTEXTS};
  shmem_team_t team;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, &wanted, SHMEM_TEAM_NUM_CONTEXTS,
                                 &team) == 0,
        "split");
  config.num_contexts = -1;
  CHECK(shmem_team_get_config(team, 0, &config) == 0 && config.num_contexts == -1,
        "an empty mask fetched something");
  CHECK(shmem_team_get_config(team, SHMEM_TEAM_NUM_CONTEXTS, &config) == 0, "get_config");
  CHECK(config.num_contexts == NUM_CONTEXTS, "num_contexts %d", config.num_contexts);
  shmem_team_destroy(team);
}

/* Teams with a shareable context left for destroy; the reverse split numbers PEs backwards. */
static void check_cycles(int me) {
  for (int cycle = 0; cycle < CYCLES; ++cycle) {
    shmem_team_t team;
    int start = cycle % 2;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, start, 1, 2 - start, NULL, 0, &team) == 0,
          "split %d", cycle);
    CHECK((team != SHMEM_TEAM_INVALID) == (me >= start), "membership %d", cycle);
    shmem_ctx_t ctx;
    if (team != SHMEM_TEAM_INVALID)
      CHECK(shmem_team_create_ctx(team, 0, &ctx) == 0, "create_ctx %d", cycle);
    shmem_team_destroy(team);
  }
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == 2, "needs 2 PEs, has %d", shmem_n_pes());
  check_predefined(me, shmem_n_pes());
  check_config();
  check_cycles(me);
  shmem_team_destroy(SHMEM_TEAM_INVALID);
  shmem_finalize();
  return 0;
}
