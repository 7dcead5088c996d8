/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_nbi@44", "STORE@56"],
  "NPROCS": 2,
  "DESCRIPTION": "On PE 0 the primary thread holds an OpenMP lock while it puts buf[0] with shmem_int_put_nbi and sets a flag, but calls shmem_quiet only after omp_unset_lock. The other thread waits for the flag under the lock and refills buf[0]: the refill is ordered after the put's issue but not after the quiet, so it races with the put's read of its source."
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
                // CONFLICT
                shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
                sent = 1;
                omp_unset_lock(&lock);
                shmem_quiet();
            } else {
                int done = 0;
                while (!done) {
                    omp_set_lock(&lock);
                    done = sent;
                    omp_unset_lock(&lock);
                }
                // CONFLICT
                buf[0] = 7;
            }
        }
    }
    shmem_barrier_all();
    omp_destroy_lock(&lock);
    if (me == 0)
        printf("buf[0] = %d\n", buf[0]);

    shmem_finalize();
    return 0;
}
