/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put_signal@41", "LOAD@57"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes x[0] of PE 1 with shmem_int_put_signal. On PE 1 the primary thread publishes a flag with an OpenMP atomic write (release) and only then calls shmem_signal_wait_until; the other thread waits for the flag with atomic reads (acquire) and loads x[0]. The load is not ordered after the signal wait, so it races with the put."
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
        // CONFLICT
        shmem_int_put_signal(&x[0], &v, 1, &sig, 1, SHMEM_SIGNAL_SET, 1);
    }
    if (me == 1) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
#pragma omp atomic write release
                ready = 1;
                shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
            } else {
                int r = 0;
                while (!r) {
#pragma omp atomic read acquire
                    r = ready;
                }
                // CONFLICT
                seen = x[0];
            }
        }
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
