/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["store", "local buffer read"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 runs two threads. A worksharing loop fills the private buf (schedule(static): element i on thread i); then one thread (single) puts all of buf with shmem_int_put_nbi and calls shmem_quiet. The implicit barrier at the end of the loop orders both stores before the put."
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
    int buf[2] = {0, 0};
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
#pragma omp for schedule(static)
            for (int i = 0; i < 2; i++) {
                buf[i] = 10 + i;
            }
#pragma omp single
            {
                shmem_int_put_nbi(x, buf, 2, 1);
                shmem_quiet();
            }
        }
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x = %d %d\n", x[0], x[1]);

    shmem_finalize();
    return 0;
}
