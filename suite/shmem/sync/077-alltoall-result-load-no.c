/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_int_alltoall writes dst on every PE; PE 1 loads dst[0] (PE 0's block) after the collective has returned."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int src[4];
static int dst[8];

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
    int buf = 42;
    src[0] = me + 1;
    shmem_barrier_all();
    shmem_int_alltoall(SHMEM_TEAM_WORLD, dst, src, 1);
    if (me == 1) {
        printf("dst[0] = %d\n", dst[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
