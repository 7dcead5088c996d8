/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@32", "LOAD@37"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 puts to x[0] of PE 1 without shmem_quiet before shmem_int_fcollect: the collective synchronises the PEs but does not complete the put, so PE 1 may load x[0] before it arrives."
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
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 42;
    src[0] = me + 1;
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 1);
    }
    shmem_int_fcollect(SHMEM_TEAM_WORLD, dst, src, 1);
    if (me == 1) {
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
