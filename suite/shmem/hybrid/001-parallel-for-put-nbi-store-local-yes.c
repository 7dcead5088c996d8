/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_nbi@38", "STORE@41"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 runs a parallel for with two threads (one iteration each, schedule(static)): iteration i puts buf[i] with shmem_int_put_nbi, calls shmem_quiet, then refills the neighbour's buf[1 - i]. The quiet completes only the put whose issue happened before it (its own); the other thread's put_nbi may still read the buffer the store overwrites."
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
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel for num_threads(2) schedule(static)
        for (int i = 0; i < 2; i++) {
            // CONFLICT
            shmem_int_put_nbi(&x[i], &buf[i], 1, 1);
            shmem_quiet();
            // CONFLICT
            buf[1 - i] = 10 + i;
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("buf = %d %d\n", buf[0], buf[1]);

    shmem_finalize();
    return 0;
}
