/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "store"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 2 puts to team PE 0 on a team context; team PE numbers are relative, so the put goes to world PE 1, not to world PE 0, which stores to its own x[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 3) {
        if (me == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 42;
    shmem_team_t team;
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    /* team of world PEs 1 and 2: world PE 1 is team PE 0, world PE 2 is team PE 1 */
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, 2, NULL, 0, &team);
    if (me == 2 && shmem_team_create_ctx(team, 0, &ctx) != 0)
        shmem_global_exit(2);
    shmem_barrier_all();
    if (me == 2) {
        shmem_ctx_int_put(ctx, &x[0], &buf, 1, 0);
        shmem_ctx_quiet(ctx);
    }
    if (me == 0) {
        x[0] = 7;
    }
    shmem_barrier_all();
    if (me == 2)
        shmem_ctx_destroy(ctx);
    shmem_team_destroy(team);

    shmem_finalize();
    return 0;
}
