/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_nbi@39", "STORE@45"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0's single thread issues shmem_int_put_nbi from buf[0], creates a task with depend(out: buf[0]) that calls shmem_quiet, then an undeferred task (if(0)) without a depend clause that refills buf[0]. Nothing orders the quiet task before the refill, so the store races with the put's read of its source."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

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
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
            // CONFLICT
            shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
#pragma omp task depend(out: buf[0])
            shmem_quiet();
#pragma omp task if(0)
            {
                // CONFLICT
                buf[0] = 7;
            }
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("buf[0] = %d\n", buf[0]);

    shmem_finalize();
    return 0;
}
