/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 011 (the fix suggested for Fig. 2.12): a taskwait after creating the task that calls shmem_barrier_all orders that barrier, and with it PE 0's completed put, before PE 1's load of x[0]."
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
        shmem_int_put(&x[0], &v, 1, 1);
        shmem_barrier_all();
    }
    if (me == 1) {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
#pragma omp task
            shmem_barrier_all();
#pragma omp taskwait
            seen = x[0];
        }
        printf("seen = %d\n", seen);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
