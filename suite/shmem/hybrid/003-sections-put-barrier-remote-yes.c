/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@42", "LOAD@48"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 runs two sections: the first calls shmem_barrier_all, the second puts x[0] of PE 1. PE 1 relies on that barrier and loads x[0] after it, but the put's issue does not happen before the barrier (another thread, or the same thread after it), so the barrier neither completes nor orders it."
}
RACE LABELS END */
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
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            shmem_barrier_all();
#pragma omp section
            // CONFLICT
            shmem_int_put(&x[0], &v, 1, 1);
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
