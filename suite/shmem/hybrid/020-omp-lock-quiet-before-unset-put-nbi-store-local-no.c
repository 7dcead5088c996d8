/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 019: the primary thread calls shmem_quiet while it still holds the OpenMP lock, so the put_nbi of buf[0] is complete before the other thread, which acquires the lock and sees the flag, refills buf[0]."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];

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
    int buf[2] = {1, 2};
    int sent = 0;
    omp_lock_t lock;
    omp_init_lock(&lock);
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
                omp_set_lock(&lock);
                shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
                shmem_quiet();
                sent = 1;
                omp_unset_lock(&lock);
            } else {
                int done = 0;
                while (!done) {
                    omp_set_lock(&lock);
                    done = sent;
                    omp_unset_lock(&lock);
                }
                buf[0] = 7;
            }
        }
    }
    shmem_barrier_all();
    omp_destroy_lock(&lock);
    if (me == 0)
        printf("buf[0] = %d\n", buf[0]);
    if (me == 1)
        printf("x[0] = %d\n", x[0]);

    shmem_finalize();
    return 0;
}
