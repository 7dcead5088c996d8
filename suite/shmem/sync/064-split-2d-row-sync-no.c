/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "shmem_team_split_2d with xrange 2 puts PEs 0 and 1 in one row team; PE 0 completes its put to PE 1 with shmem_quiet and both synchronise with shmem_team_sync on the row team before PE 1 loads x[0]."
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
    shmem_team_t xteam, yteam;
    /* xrange 2: rows {0, 1} and {2}, columns {0, 2} and {1} */
    shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &xteam, NULL, 0, &yteam);
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_quiet();
    }
    shmem_team_sync(xteam);
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    shmem_team_destroy(xteam);
    shmem_team_destroy(yteam);

    shmem_finalize();
    return 0;
}
