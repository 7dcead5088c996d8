/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 applies shmem_uint_atomic_and and PE 2 shmem_uint_atomic_or to the same unsigned int of PE 1: bitwise AMOs of the same type are atomic with each other."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;
static int x[4];
static unsigned int ux = 7u;

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
        shmem_uint_atomic_and(&ux, 6u, 1);
    }
    if (me == 2) {
        shmem_uint_atomic_or(&ux, 1u, 1);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
