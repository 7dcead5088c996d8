/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 adds to x[0] of PE 1 with shmem_int_atomic_add while PE 2 reads it with shmem_int_atomic_fetch: an atomic fetch and an atomic add of the same type are compatible."
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
        shmem_int_atomic_add(&x[0], 1, 1);
    }
    if (me == 2) {
        int v = shmem_int_atomic_fetch(&x[0], 1);
        printf("fetched %s\n", v == 0 || v == 1 ? "0 or 1 (either order)" : "neither");
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
