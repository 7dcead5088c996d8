/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_nbi@42", "STORE@40"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 runs an ordered loop (schedule(static, 1), two threads): in its ordered region iteration i fills the staging buffer stage and puts it to x[i] of PE 1 with shmem_int_put_nbi; the shmem_quiet follows the ordered region. Iteration 1's fill is ordered after iteration 0's put_nbi but not after its quiet, so it races with the put's read of stage."
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
                // CONFLICT
                stage = 10 + i;
                // CONFLICT
                shmem_int_put_nbi(&x[i], &stage, 1, 1);
            }
            shmem_quiet();
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("stage = %d\n", stage);

    shmem_finalize();
    return 0;
}
