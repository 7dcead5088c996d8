/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 update the same signal of PE 1 with shmem_int_put_signal and SHMEM_SIGNAL_ADD (to different data elements): signal updates with the same operator are atomic."
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
    int buf = me;
    shmem_barrier_all();
    if (me != 1) {
        shmem_int_put_signal(&x[me], &buf, 1, &sig, 1, SHMEM_SIGNAL_ADD, 1);
    }
    if (me == 1) {
        shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 2);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
