/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Benchmark style with C11 generics: shmem_put, shmem_quiet, shmem_sync(SHMEM_TEAM_WORLD); PE 1 loads x[0] after the sync."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 1;
    shmem_barrier_all();
    if (me == 0) {
        shmem_put(&x[0], &buf, 1, 1);
        shmem_quiet();
    }
    shmem_sync(SHMEM_TEAM_WORLD);
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
