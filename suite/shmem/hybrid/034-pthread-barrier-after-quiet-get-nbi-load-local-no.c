/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 033: the pthread calls shmem_quiet before the pthread barrier, so the get_nbi into buf[0] is complete before the main thread loads buf[0] after the barrier."
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
    shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
    shmem_quiet();
    pthread_barrier_wait(&pbarrier);
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
        seen = buf[0];
        pthread_join(thread, NULL);
        pthread_barrier_destroy(&pbarrier);
        printf("seen = %d\n", seen);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
