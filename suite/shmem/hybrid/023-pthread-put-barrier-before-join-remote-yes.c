/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@20", "LOAD@53"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0's main thread creates a pthread that puts x[0] of PE 1, calls shmem_barrier_all and joins the thread only afterwards. The put's issue does not happen before the barrier, so the barrier neither completes nor orders it, and PE 1's load of x[0] after its barrier races with it."
}
RACE LABELS END */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int seen;

static void *writer(void *arg)
{
    // CONFLICT
    shmem_int_put(&x[0], (const int *)arg, 1, 1);
    return NULL;
}

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
    int v = 42;
    shmem_barrier_all();
    if (me == 0) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, writer, &v) != 0)
            shmem_global_exit(2);
        shmem_barrier_all();
        pthread_join(thread, NULL);
    }
    if (me == 1) {
        shmem_barrier_all();
        // CONFLICT
        seen = x[0];
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
