/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["LOAD@33", "shmem_int_put@37"],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 6.6 variant: PE 1 writes x[0] with a plain shmem_int_put before its shmem_int_put_signal of x[1] without shmem_fence; PE 0 polls the signal with shmem_signal_fetch and loads x[0], which the signal does not cover."
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
        while (shmem_signal_fetch(&sig) != 1) { }
        printf("x[1] = %d\n", x[1]);
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    if (me == 1) {
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 0);
        shmem_int_put_signal(&x[1], &buf, 1, &sig, 1, SHMEM_SIGNAL_ADD, 0);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
