/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 003: PE 0's two sections put x[1] and x[0] of PE 1; shmem_barrier_all is called after the parallel region, whose join orders both puts before it, so the barrier completes them before PE 1 loads x[0] and x[1]."
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
    int v = 42, w = 43;
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            shmem_int_put(&x[1], &w, 1, 1);
#pragma omp section
            shmem_int_put(&x[0], &v, 1, 1);
        }
        shmem_barrier_all();
    }
    if (me == 1) {
        shmem_barrier_all();
        printf("x = %d %d\n", x[0], x[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
