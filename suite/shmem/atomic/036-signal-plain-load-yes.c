/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "load"],
  "RACE_PAIR": ["shmem_int_put_signal@31", "LOAD@35"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 reads its signal variable with a plain load while PE 0 updates it with shmem_int_put_signal: the signal must be read with shmem_signal_fetch or a wait routine."
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
        shmem_int_put_signal(&x[0], &buf, 1, &sig, 1, SHMEM_SIGNAL_SET, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("sig = %lu\n", (unsigned long)sig);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
