/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put_signal@32", "LOAD@37"],
  "NPROCS": 2,
  "DESCRIPTION": "Two shmem_int_put_signal calls with SHMEM_SIGNAL_ADD 1; PE 1 waits only until the signal is 1, which may be the first call alone, and then loads the data of the second call."
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
    int buf[2] = {42, 43};
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put_signal(&x[0], &buf[0], 1, &sig, 1, SHMEM_SIGNAL_ADD, 1);
        // CONFLICT
        shmem_int_put_signal(&x[1], &buf[1], 1, &sig, 1, SHMEM_SIGNAL_ADD, 1);
    }
    if (me == 1) {
        shmem_signal_wait_until(&sig, SHMEM_CMP_GE, 1);
        // CONFLICT
        printf("x[1] = %d\n", x[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
