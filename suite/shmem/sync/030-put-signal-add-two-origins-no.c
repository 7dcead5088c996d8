/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 each write one element of PE 1 with shmem_int_put_signal_nbi and SHMEM_SIGNAL_ADD 1 on the same signal; PE 1 waits until the signal is 2 and loads both elements."
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
    if (shmem_n_pes() != 3) {
        if (me == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 40 + me;
    shmem_barrier_all();
    if (me == 0 || me == 2) {
        shmem_int_put_signal_nbi(&x[me / 2], &buf, 1, &sig, 1, SHMEM_SIGNAL_ADD, 1);
        shmem_quiet();
    }
    if (me == 1) {
        shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 2);
        printf("x[0] = %d\n", x[0]);
        printf("x[1] = %d\n", x[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
