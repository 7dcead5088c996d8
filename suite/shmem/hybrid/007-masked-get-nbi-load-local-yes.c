/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_int_get_nbi@44", "LOAD@48"],
  "NPROCS": 2,
  "DESCRIPTION": "On PE 0 the primary thread fetches x[0] of PE 1 into buf[0] with shmem_int_get_nbi and shmem_quiet inside a masked construct; both threads then load buf[0]. masked has no implicit barrier, so the other thread's load is not ordered after the quiet and races with the get's write of buf[0]."
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
                // CONFLICT
                shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
                shmem_quiet();
            }
            // CONFLICT
            seen[omp_get_thread_num()] = buf[0];
        }
    }
    shmem_barrier_all();
    printf("seen = %d %d\n", seen[0], seen[1]);

    shmem_finalize();
    return 0;
}
