/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "store"],
  "RACE_PAIR": ["shmem_int_atomic_inc@28", "STORE@32"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 increments x[0] of PE 1 with shmem_int_atomic_inc while PE 1 stores to x[0]."
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
        // CONFLICT
        shmem_int_atomic_inc(&x[0], 1);
    }
    if (me == 1) {
        // CONFLICT
        x[0] = 5;
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
