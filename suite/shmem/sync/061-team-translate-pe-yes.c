/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "store"],
  "RACE_PAIR": ["shmem_int_put@32", "STORE@36"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 2 translates team PE 0 of the team {1, 2} to its world number with shmem_team_translate_pe and writes x[0] there; world PE 1 stores to x[0] at the same time."
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
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, target);
    }
    if (me == 1) {
        // CONFLICT
        x[0] = 7;
    }
    shmem_barrier_all();
    shmem_team_destroy(team);

    shmem_finalize();
    return 0;
}
