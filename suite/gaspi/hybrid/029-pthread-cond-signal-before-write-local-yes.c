/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["gaspi_write@26", "STORE@58"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 a helper thread signals a condition variable and then writes seg[128] to seg[0] of rank 1; the main thread waits for the signal, calls gaspi_wait on the queue and refills seg[128]. The write is posted after the signal, so the main thread's gaspi_wait is not ordered after the posting and does not complete it: the refill races with the write's read of its source."
}
RACE LABELS END */
#include <GASPI.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int posted;

static void *poster(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mutex);
    posted = 1;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&mutex);
    // CONFLICT
    gaspi_write(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
    return NULL;
}

int main(void)
{
    gaspi_rank_t rank, nprocs;

    gaspi_proc_init(GASPI_BLOCK);
    gaspi_proc_rank(&rank);
    gaspi_proc_num(&nprocs);
    if (nprocs != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        return 1;
    }
    gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..127]: data accessed remotely, seg[128..]: local buffers */
    seg[128] = 42;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        pthread_t thread;
        pthread_create(&thread, NULL, poster, NULL);
        pthread_mutex_lock(&mutex);
        while (!posted)
            pthread_cond_wait(&cond, &mutex);
        pthread_mutex_unlock(&mutex);
        gaspi_wait(0, GASPI_BLOCK);
        // CONFLICT
        seg[128] = 43;
        pthread_join(thread, NULL);
        gaspi_wait(0, GASPI_BLOCK);
        printf("source refilled with %d\n", seg[128]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
