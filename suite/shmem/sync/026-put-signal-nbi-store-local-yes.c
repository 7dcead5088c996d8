/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_signal_nbi@31", "STORE@33"],
  "NPROCS": 2,
  "DESCRIPTION": "The source buffer of shmem_int_put_signal_nbi is overwritten before shmem_quiet: the library may still be reading it."
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
        shmem_int_put_signal_nbi(&x[0], &buf, 1, &sig, 1, SHMEM_SIGNAL_SET, 1);
        // CONFLICT
        buf = 7;
        shmem_quiet();
    }
    if (me == 1) {
        shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
