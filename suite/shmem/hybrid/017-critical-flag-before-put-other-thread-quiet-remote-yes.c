/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@44", "LOAD@58"],
  "NPROCS": 2,
  "DESCRIPTION": "On PE 0 thread 0 sets a flag in a critical section and then puts x[0] of PE 1; thread 1 waits for the flag (critical sections) and calls shmem_quiet. The quiet is ordered after the flag but not after the put's issue, so it does not complete the put; shmem_sync_all completes nothing, and PE 1's load of x[0] after it races with the put."
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
    int issued = 0;
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
#pragma omp critical
                issued = 1;
                // CONFLICT
                shmem_int_put(&x[0], &v, 1, 1);
            } else {
                int done = 0;
                while (!done) {
#pragma omp critical
                    done = issued;
                }
                shmem_quiet();
            }
        }
    }
    shmem_sync_all();
    if (me == 1) {
        // CONFLICT
        seen = x[0];
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
