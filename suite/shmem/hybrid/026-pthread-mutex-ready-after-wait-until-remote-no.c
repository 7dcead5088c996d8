/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 025: PE 1's pthread publishes 'ready' under the mutex after shmem_int_wait_until returned, so the wait (which synchronises with PE 0's atomic set and the put fenced before it) is ordered before the main thread's load of x[0]."
}
RACE LABELS END */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int flag;
static int seen;
static int ready;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

static void *waiter(void *arg)
{
    (void)arg;
    shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
    pthread_mutex_lock(&mutex);
    ready = 1;
    pthread_mutex_unlock(&mutex);
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
    int v = 42;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&x[0], &v, 1, 1);
        shmem_fence();
        shmem_int_atomic_set(&flag, 1, 1);
    }
    if (me == 1) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, waiter, NULL) != 0)
            shmem_global_exit(2);
        int done = 0;
        while (!done) {
            pthread_mutex_lock(&mutex);
            done = ready;
            pthread_mutex_unlock(&mutex);
        }
        seen = x[0];
        pthread_join(thread, NULL);
        printf("seen = %d\n", seen);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
