/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 017: thread 0 of PE 0 puts x[0] of PE 1 and then sets the flag in a critical section; thread 1 waits for the flag and calls shmem_quiet, which is ordered after the put's issue and completes it (completion is process-wide). The join orders the quiet before shmem_sync_all, after which PE 1 loads x[0]."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];

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
                shmem_int_put(&x[0], &v, 1, 1);
#pragma omp critical
                issued = 1;
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
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
