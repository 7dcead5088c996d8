/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The fetch buffer of shmem_int_atomic_fetch_inc_nbi is loaded after shmem_quiet has completed the AMO."
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
    shmem_barrier_all();
    if (me == 0) {
        int old = -1;
        shmem_int_atomic_fetch_inc_nbi(&old, &x[0], 1);
        shmem_quiet();
        printf("old = %d\n", old);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
