/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 waits on x[0] with shmem_int_wait_until while PE 0 sets it with shmem_int_atomic_set: the wait reads the variable atomically."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_atomic_set(&x[0], 1, 1);
    }
    if (me == 1) {
        shmem_int_wait_until(&x[0], SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
