/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "rma write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 increment x[0] of PE 1 with shmem_int_g and shmem_int_p inside a critical section entered by polling shmem_test_lock."
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
    if (me == 0 || me == 2) {
        while (shmem_test_lock(&lock) != 0) { }
        int v = shmem_int_g(&x[0], 1);
        shmem_int_p(&x[0], v + 1, 1);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d\n", x[0]);

    shmem_finalize();
    return 0;
}
