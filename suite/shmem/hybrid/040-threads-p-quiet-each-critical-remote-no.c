/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0's two OpenMP threads each write the same symmetric int of PE 1 with shmem_int_p and each call shmem_quiet after their own write, each write and its quiet inside an omp critical construct. The critical construct orders one thread's write and quiet before the other thread's write, so the writes do not race."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x;

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2 || provided < SHMEM_THREAD_MULTIPLE) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes and SHMEM_THREAD_MULTIPLE\n");
        shmem_finalize();
        return 1;
    }
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel for num_threads(2) schedule(static)
        for (int i = 0; i < 2; i++) {
#pragma omp critical
            {
                shmem_int_p(&x, i + 1, 1);
                shmem_quiet();
            }
        }
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x is %s\n", x == 1 || x == 2 ? "1 or 2" : "neither");
    shmem_finalize();
    return 0;
}
