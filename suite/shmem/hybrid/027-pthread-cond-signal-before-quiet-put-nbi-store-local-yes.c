/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_nbi@51", "STORE@60"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0's main thread puts buf[0] with shmem_int_put_nbi and creates a pthread that is to complete it; the thread signals a condition variable and only then calls shmem_quiet. The main thread waits on the condition variable and refills buf[0]: the refill is not ordered after the quiet, so it races with the put's read of its source."
}
RACE LABELS END */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int done;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;

static void *completer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mutex);
    done = 1;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&mutex);
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
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
        pthread_t thread;
        if (pthread_create(&thread, NULL, completer, NULL) != 0)
            shmem_global_exit(2);
        pthread_mutex_lock(&mutex);
        while (!done)
            pthread_cond_wait(&cond, &mutex);
        pthread_mutex_unlock(&mutex);
        // CONFLICT
        buf[0] = 7;
        pthread_join(thread, NULL);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("buf[0] = %d\n", buf[0]);

    shmem_finalize();
    return 0;
}
