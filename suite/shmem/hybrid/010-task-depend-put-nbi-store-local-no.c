/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 009: the undeferred task that refills buf[0] has depend(inout: buf[0]), so it starts only after the task with depend(out: buf[0]) that calls shmem_quiet has completed, and the put_nbi issued before both tasks is complete."
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
            shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
#pragma omp task depend(out: buf[0])
            shmem_quiet();
#pragma omp task if(0) depend(inout: buf[0])
            {
                buf[0] = 7;
            }
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("buf[0] = %d\n", buf[0]);
    if (me == 1)
        printf("x[0] = %d\n", x[0]);

    shmem_finalize();
    return 0;
}
