/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["store", "local buffer read"],
  "RACE_PAIR": ["STORE@40", "shmem_int_put_nbi@49"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 runs two threads. A worksharing loop with nowait fills the private buf (schedule(static): element i on thread i); then one thread (single) puts all of buf with shmem_int_put_nbi and calls shmem_quiet. Without the loop's barrier, the other thread's earlier store of its element is not ordered before the put, which reads it."
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
#pragma omp for schedule(static) nowait
            for (int i = 0; i < 2; i++) {
                // CONFLICT
                buf[i] = 10 + i;
            }
#pragma omp single
            {
                /* A moment for the other thread's store: the race is the same without it, but
                 * a store made after the put completed would find no record of it. */
                for (volatile int spin = 0; spin < 10000000; spin++)
                    ;
                // CONFLICT
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
