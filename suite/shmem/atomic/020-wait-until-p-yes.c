/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_p@28", "shmem_int_wait_until@32"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 waits on x[0] with shmem_int_wait_until while PE 0 sets it with a plain shmem_int_p: the variable of a wait must be updated by AMOs, and a plain put conflicts with the wait's atomic read."
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
        // CONFLICT
        shmem_int_p(&x[0], 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        shmem_int_wait_until(&x[0], SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
