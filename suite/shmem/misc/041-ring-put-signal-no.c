/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Benchmark style with C11 generics: every PE sends a value to its right neighbour with shmem_put_signal and waits for the signal from its left neighbour before loading the received value."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <stdint.h>

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
    static int recv;
    static uint64_t sig;
    int npes = shmem_n_pes();
    int val = 100 + me;
    shmem_barrier_all();
    shmem_put_signal(&recv, &val, 1, &sig, 1, SHMEM_SIGNAL_SET, (me + 1) % npes);
    shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
    printf("PE %d received %d\n", me, recv);
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
