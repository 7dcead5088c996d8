/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "local buffer write"],
  "RACE_PAIR": ["shmem_int_get_nbi@29", "shmem_int_get_nbi@31"],
  "NPROCS": 2,
  "DESCRIPTION": "Two shmem_int_get_nbi calls write the same destination buffer before shmem_quiet: their order is undefined."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[8];

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
    int buf[4] = {1, 2, 3, 4};
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
        // CONFLICT
        shmem_int_get_nbi(&buf[0], &x[1], 1, 1);
        shmem_quiet();
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
