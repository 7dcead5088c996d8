/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 013: the task and its nested task that puts x[0] of PE 1 run in a taskgroup, which waits for all descendant tasks (a taskwait would wait for the child only), so the put's issue happens before PE 0's shmem_barrier_all, which completes it before PE 1's load."
}
RACE LABELS END */
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
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
#pragma omp taskgroup
            {
#pragma omp task
                {
#pragma omp task
                    {
                        shmem_int_put(&x[0], &v, 1, 1);
                    }
                }
            }
            shmem_barrier_all();
        }
    }
    if (me == 1) {
        shmem_barrier_all();
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
