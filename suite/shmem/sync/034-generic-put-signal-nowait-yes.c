/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_put_signal@31", "LOAD@35"],
  "NPROCS": 2,
  "DESCRIPTION": "Benchmark style with C11 generics: shmem_put_signal writes x[0] of PE 1, but PE 1 loads x[0] without waiting for the signal."
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
        // CONFLICT
        shmem_put_signal(&x[0], &buf, 1, &sig, 1, SHMEM_SIGNAL_SET, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
        shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
