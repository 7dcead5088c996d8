/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma write"],
  "RACE_PAIR": ["shmem_int_atomic_add@29", "shmem_int_put@34"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 adds to x[0] of PE 1 with shmem_int_atomic_add while PE 2 writes x[0] with a plain shmem_int_put."
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
        shmem_int_atomic_add(&x[0], 1, 1);
    }
    if (me == 2) {
        int v = 5;
        // CONFLICT
        shmem_int_put(&x[0], &v, 1, 1);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
