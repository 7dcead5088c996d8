/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@38", "LOAD@47"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 puts x[0] of PE 1 before shmem_barrier_all. On PE 1 one thread calls shmem_barrier_all in a single nowait construct and both threads then load x[0]: the thread that did not execute the single is not ordered after the barrier (nowait has no implicit barrier), so its load races with the put (Fig. 2.12 with single nowait)."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int seen[2];

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
        {
#pragma omp single nowait
            shmem_barrier_all();
            // CONFLICT
            seen[omp_get_thread_num()] = x[0];
        }
    }
    shmem_barrier_all();
    printf("seen = %d %d\n", seen[0], seen[1]);

    shmem_finalize();
    return 0;
}
