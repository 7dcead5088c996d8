/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@41", "LOAD@50"],
  "NPROCS": 2,
  "DESCRIPTION": "On PE 0 thread 1 puts x[0] of PE 1 while the primary thread calls shmem_barrier_all with no OpenMP barrier in between: the put's issue does not happen before the shmem barrier, which therefore neither completes nor orders it, and PE 1's load of x[0] after its barrier races with the put."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int seen;

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_MULTIPLE) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_MULTIPLE\n");
        shmem_finalize();
        return 1;
    }
    int v = 42;
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 1) {
                // CONFLICT
                shmem_int_put(&x[0], &v, 1, 1);
            }
            if (omp_get_thread_num() == 0)
                shmem_barrier_all();
        }
    }
    if (me == 1) {
        shmem_barrier_all();
        // CONFLICT
        seen = x[0];
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
