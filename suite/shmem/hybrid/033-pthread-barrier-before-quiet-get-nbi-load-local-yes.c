/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_int_get_nbi@23", "LOAD@56"],
  "NPROCS": 2,
  "DESCRIPTION": "On PE 0 a pthread fetches x[0] of PE 1 into buf[0] with shmem_int_get_nbi, waits at a pthread barrier with the main thread and calls shmem_quiet only after it. The main thread loads buf[0] after the pthread barrier: the load is not ordered after the quiet and races with the get's write of buf[0]."
}
RACE LABELS END */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int buf[2];
static int seen;
static pthread_barrier_t pbarrier;

static void *fetcher(void *arg)
{
    (void)arg;
    // CONFLICT
    shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
    pthread_barrier_wait(&pbarrier);
    shmem_quiet();
    return NULL;
}

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_SERIALIZED, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_SERIALIZED) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_SERIALIZED\n");
        shmem_finalize();
        return 1;
    }
    if (me == 1)
        x[0] = 42;
    shmem_barrier_all();
    if (me == 0) {
        pthread_barrier_init(&pbarrier, NULL, 2);
        pthread_t thread;
        if (pthread_create(&thread, NULL, fetcher, NULL) != 0)
            shmem_global_exit(2);
        pthread_barrier_wait(&pbarrier);
        // CONFLICT
        seen = buf[0];
        pthread_join(thread, NULL);
        pthread_barrier_destroy(&pbarrier);
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
