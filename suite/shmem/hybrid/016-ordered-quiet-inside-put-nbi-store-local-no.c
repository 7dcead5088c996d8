/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 015: shmem_quiet is inside the ordered region, so iteration 0's put_nbi from the staging buffer is complete before iteration 1's ordered region refills it."
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
    int stage = 0;
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel for ordered num_threads(2) schedule(static, 1)
        for (int i = 0; i < 2; i++) {
#pragma omp ordered
            {
                stage = 10 + i;
                shmem_int_put_nbi(&x[i], &stage, 1, 1);
                shmem_quiet();
            }
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("stage = %d\n", stage);
    if (me == 1)
        printf("x = %d %d\n", x[0], x[1]);

    shmem_finalize();
    return 0;
}
