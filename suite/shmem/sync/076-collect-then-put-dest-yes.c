/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@32", "LOAD@36"],
  "NPROCS": 2,
  "DESCRIPTION": "After shmem_int_collect PE 0 writes dst[0] of PE 1 while PE 1 loads dst[0]: the collective does not order accesses made after it."
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
    shmem_int_collect(SHMEM_TEAM_WORLD, dst, src, 1);
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&dst[0], &buf, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("dst[0] = %d\n", dst[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
