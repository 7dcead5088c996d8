/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 sets d of PE 1 with shmem_double_atomic_set while PE 2 reads it with shmem_double_atomic_fetch: extended AMO types, same type."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;
static int x[4];
static double d;

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
        shmem_double_atomic_set(&d, 2.5, 1);
    }
    if (me == 2) {
        double v = shmem_double_atomic_fetch(&d, 1);
        printf("d = %s\n", v == 0.0 || v == 2.5 ? "0 or 2.5 (either order)" : "neither");
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
