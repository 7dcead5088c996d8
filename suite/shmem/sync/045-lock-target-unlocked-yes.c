/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@31", "LOAD@36"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes x[0] of PE 1 inside a critical section, but PE 1 loads x[0] without taking the lock."
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
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 42;
    shmem_barrier_all();
    if (me == 0) {
        shmem_set_lock(&lock);
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_clear_lock(&lock);
    }
    if (me == 1) {
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
