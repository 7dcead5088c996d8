/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["shmem_long_atomic_add@28", "shmem_int_atomic_add@30"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 adds to lx of PE 1 first as long and then to its first int as int, without ordering: the two AMOs have different types and may be performed concurrently."
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
        // CONFLICT
        shmem_long_atomic_add(&lx, 1, 1);
        // CONFLICT
        shmem_int_atomic_add((int *)&lx, 2, 1);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
