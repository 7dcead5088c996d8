/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 both try shmem_int_atomic_compare_swap on x[0] of PE 1: same type, atomic with each other."
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
        int old = shmem_int_atomic_compare_swap(&x[0], 0, 1, 1);
        printf("old %s\n", old == 0 ? "0: swapped" : old == 1 || old == 2 ? "the other PE's value" : "neither");
    }
    if (me == 2) {
        int old = shmem_int_atomic_compare_swap(&x[0], 0, 2, 1);
        printf("old %s\n", old == 0 ? "0: swapped" : old == 1 || old == 2 ? "the other PE's value" : "neither");
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %s, lx = %ld\n", x[0] == 1 || x[0] == 2 ? "1 or 2" : "neither", lx);

    shmem_finalize();
    return 0;
}
