/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 027: the pthread calls shmem_quiet before it signals the condition variable. The put_nbi was issued before pthread_create, so the quiet completes it, and the main thread refills buf[0] only after the wait on the condition variable."
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
    shmem_quiet();
    pthread_mutex_lock(&mutex);
    done = 1;
    pthread_cond_signal(&cond);
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
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
        pthread_t thread;
        if (pthread_create(&thread, NULL, completer, NULL) != 0)
            shmem_global_exit(2);
        pthread_mutex_lock(&mutex);
        while (!done)
            pthread_cond_wait(&cond, &mutex);
        pthread_mutex_unlock(&mutex);
        buf[0] = 7;
        pthread_join(thread, NULL);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("buf[0] = %d\n", buf[0]);
    if (me == 1)
        printf("x[0] = %d\n", x[0]);

    shmem_finalize();
    return 0;
}
