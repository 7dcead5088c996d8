/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@34", "LOAD@41"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 2 completes a put to x[0] of PE 1 with shmem_quiet, but the reduction runs on the team {0, 1} only and does not order PE 2 before PE 1's load."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int src[4];
static int dst[8];

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
    src[0] = me + 1;
    shmem_team_t team;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &team);
    shmem_barrier_all();
    if (me == 2) {
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_quiet();
    }
    if (team != SHMEM_TEAM_INVALID)
        shmem_int_sum_reduce(team, dst, src, 1);
    if (me == 1) {
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    shmem_team_destroy(team);
    (void)buf;

    shmem_finalize();
    return 0;
}
