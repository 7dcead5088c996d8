/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["shmem_float_atomic_swap@30", "shmem_int_atomic_swap@35"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 swaps the float f of PE 1 with shmem_float_atomic_swap while PE 2 swaps the same four bytes as an int with shmem_int_atomic_swap."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;
static int x[4];
static float f;

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
        float old = shmem_float_atomic_swap(&f, 1.5f, 1);
        printf("old %f\n", (double)old);
    }
    if (me == 2) {
        // CONFLICT
        int old = shmem_int_atomic_swap((int *)&f, 7, 1);
        printf("old %d\n", old);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
