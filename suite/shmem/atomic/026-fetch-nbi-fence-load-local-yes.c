/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_int_atomic_fetch_nbi@29", "LOAD@32"],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_fence orders the remote effect of shmem_int_atomic_fetch_nbi but not the delivery of the fetched value: loading the fetch buffer after the fence and before shmem_quiet is a race."
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
        int v = -1;
        // CONFLICT
        shmem_int_atomic_fetch_nbi(&v, &x[0], 1);
        shmem_fence();
        // CONFLICT
        printf("v = %d\n", v);
        shmem_quiet();
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
