/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_fence orders the plain shmem_int_put of x[0] before the shmem_int_put_signal, so the signal implies that x[0] has arrived too."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <stdint.h>

static int x[4];
static uint64_t sig;

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
        shmem_int_put_signal(&x[1], &buf, 1, &sig, 1, SHMEM_SIGNAL_SET, 1);
    }
    if (me == 1) {
        shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
        printf("x[1] = %d\n", x[1]);
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
