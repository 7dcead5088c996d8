/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes x[0] of PE 1 inside a shmem_set_lock/shmem_clear_lock critical section (clear_lock completes the put); PE 1 loads x[0] inside its own critical section on the same lock."
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
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_clear_lock(&lock);
    }
    if (me == 1) {
        shmem_set_lock(&lock);
        printf("x[0] = %d\n", x[0]);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
