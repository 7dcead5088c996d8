/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 007: an explicit barrier after the masked construct orders the primary thread's shmem_int_get_nbi and shmem_quiet before both threads' loads of buf[0]."
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
    shmem_init_thread(SHMEM_THREAD_FUNNELED, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_FUNNELED) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_FUNNELED\n");
        shmem_finalize();
        return 1;
    }
    int buf[2] = {0, 0};
    if (me == 1)
        x[0] = 42;
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
#pragma omp masked
            {
                shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
                shmem_quiet();
            }
#pragma omp barrier
            seen[omp_get_thread_num()] = buf[0];
        }
        printf("seen = %d %d\n", seen[0], seen[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
