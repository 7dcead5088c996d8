/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 2 writes x[0] of team PE 0 (translated to world PE 1) and completes it with shmem_quiet; both members of the team then call shmem_team_sync, after which world PE 1 loads x[0]. PE 0 is not a member and gets SHMEM_TEAM_INVALID."
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
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, 2, NULL, 0, &team);
    shmem_barrier_all();
    if (me == 2) {
        int target = shmem_team_translate_pe(team, 0, SHMEM_TEAM_WORLD);
        shmem_int_put(&x[0], &buf, 1, target);
        shmem_quiet();
    }
    if (team != SHMEM_TEAM_INVALID)
        shmem_team_sync(team);
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    shmem_team_destroy(team);

    shmem_finalize();
    return 0;
}
