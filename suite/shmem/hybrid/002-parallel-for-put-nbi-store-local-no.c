/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 001: iteration i puts buf[i] with shmem_int_put_nbi and calls shmem_quiet in a first worksharing loop; the neighbour's buf[1 - i] is refilled in a second loop, after the implicit barrier of the first, which orders the other thread's quiet (and so the completion of its put) before the store."
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
#pragma omp parallel num_threads(2)
        {
#pragma omp for schedule(static)
            for (int i = 0; i < 2; i++) {
                shmem_int_put_nbi(&x[i], &buf[i], 1, 1);
                shmem_quiet();
            }
#pragma omp for schedule(static)
            for (int i = 0; i < 2; i++)
                buf[1 - i] = 10 + i;
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("buf = %d %d\n", buf[0], buf[1]);
    if (me == 1)
        printf("x = %d %d\n", x[0], x[1]);

    shmem_finalize();
    return 0;
}
