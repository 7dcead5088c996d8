/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["shmem_int_atomic_compare_swap@29", "shmem_long_atomic_fetch_add@34"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 compares and swaps the first int of lx on PE 1 with shmem_int_atomic_compare_swap while PE 2 adds to lx with shmem_long_atomic_fetch_add: different types, no atomicity between them."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;
static int x[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 3) {
        if (me == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        shmem_finalize();
        return 1;
    }
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        int old = shmem_int_atomic_compare_swap((int *)&lx, 0, 1, 1);
        printf("old %d\n", old);
    }
    if (me == 2) {
        // CONFLICT
        long prev = shmem_long_atomic_fetch_add(&lx, 2, 1);
        printf("prev %ld\n", prev);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
