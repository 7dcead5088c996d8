/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["shmem_uint_atomic_xor@29", "shmem_int_atomic_add@33"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 applies shmem_uint_atomic_xor and PE 2 shmem_int_atomic_add to the same int-sized location of PE 1: unsigned int and int are different AMO types."
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
        shmem_uint_atomic_xor((unsigned int *)&x[0], 3u, 1);
    }
    if (me == 2) {
        // CONFLICT
        shmem_int_atomic_add(&x[0], 2, 1);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
