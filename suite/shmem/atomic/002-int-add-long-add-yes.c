/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["shmem_long_atomic_add@29", "shmem_int_atomic_add@33"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 adds to lx of PE 1 with shmem_long_atomic_add while PE 2 adds to the first int inside lx with shmem_int_atomic_add: AMOs are atomic only with AMOs of the same type."
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
        shmem_long_atomic_add(&lx, 1, 1);
    }
    if (me == 2) {
        // CONFLICT
        shmem_int_atomic_add((int *)&lx, 2, 1);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
