/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "store"],
  "RACE_PAIR": ["shmem_long_atomic_fetch_add_nbi@29", "STORE@31"],
  "NPROCS": 2,
  "DESCRIPTION": "The fetch buffer of shmem_long_atomic_fetch_add_nbi is overwritten before shmem_quiet."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;

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
    shmem_barrier_all();
    if (me == 0) {
        long old = -1;
        // CONFLICT
        shmem_long_atomic_fetch_add_nbi(&old, &lx, 4, 1);
        // CONFLICT
        old = 0;
        shmem_quiet();
        printf("old = %ld\n", old);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
