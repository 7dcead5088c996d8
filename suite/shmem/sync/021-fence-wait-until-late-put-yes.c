/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@33", "LOAD@39"],
  "NPROCS": 2,
  "DESCRIPTION": "The flag update is fence-ordered after the first put only; PE 0 writes x[1] after setting the flag, and PE 1 loads x[1] after the wait."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int flag;

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
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_fence();
        shmem_int_atomic_set(&flag, 1, 1);
        // CONFLICT
        shmem_int_put(&x[1], &buf, 1, 1);
    }
    if (me == 1) {
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("x[0] = %d\n", x[0]);
        // CONFLICT
        printf("x[1] = %d\n", x[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
