/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 029: PE 1's primary thread publishes the flag (OpenMP atomic write, release) after shmem_signal_wait_until returned, so the other thread, which reads the flag with acquire, loads x[0] after the signal that carries the put's data."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

static int x[4];
static uint64_t sig;
static int seen;

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_FUNNELED, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_FUNNELED) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_FUNNELED\n");
        shmem_finalize();
        return 1;
    }
    int v = 42;
    int ready = 0;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put_signal(&x[0], &v, 1, &sig, 1, SHMEM_SIGNAL_SET, 1);
    }
    if (me == 1) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
                shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
#pragma omp atomic write release
                ready = 1;
            } else {
                int r = 0;
                while (!r) {
#pragma omp atomic read acquire
                    r = ready;
                }
                seen = x[0];
            }
        }
        printf("seen = %d\n", seen);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
