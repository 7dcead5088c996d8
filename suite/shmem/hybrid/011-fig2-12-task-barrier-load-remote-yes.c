/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@37", "LOAD@47"],
  "NPROCS": 2,
  "DESCRIPTION": "Fig. 2.12 in OpenSHMEM: PE 0 puts x[0] of PE 1 and calls shmem_barrier_all. On PE 1 the single thread creates a task that calls shmem_barrier_all and then loads x[0] itself without a taskwait; the load is not ordered after the task's barrier and races with the put."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int seen;

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_SERIALIZED, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_SERIALIZED) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_SERIALIZED\n");
        shmem_finalize();
        return 1;
    }
    int v = 42;
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&x[0], &v, 1, 1);
        shmem_barrier_all();
    }
    if (me == 1) {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
#pragma omp task
            shmem_barrier_all();
            // CONFLICT
            seen = x[0];
        }
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
