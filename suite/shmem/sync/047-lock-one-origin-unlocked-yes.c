/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": ["shmem_int_p@30", "shmem_int_p@35"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 writes x[0] of PE 1 inside a critical section; PE 2 writes it without taking the lock."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static long lock;

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
        shmem_set_lock(&lock);
        // CONFLICT
        shmem_int_p(&x[0], 1, 1);
        shmem_clear_lock(&lock);
    }
    if (me == 2) {
        // CONFLICT
        shmem_int_p(&x[0], 2, 1);
        shmem_quiet();
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
