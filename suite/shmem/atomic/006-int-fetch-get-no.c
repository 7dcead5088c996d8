/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic read", "rma read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 reads x[0] of PE 1 with shmem_int_atomic_fetch while PE 2 reads it with shmem_int_get: two reads do not conflict."
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
        int v = shmem_int_atomic_fetch(&x[0], 1);
        printf("fetched %d\n", v);
    }
    if (me == 2) {
        int w;
        shmem_int_get(&w, &x[0], 1, 1);
        printf("got %d\n", w);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
