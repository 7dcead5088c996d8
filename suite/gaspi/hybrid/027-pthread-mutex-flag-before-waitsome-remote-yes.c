/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write_notify@51", "LOAD@63"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 writes seg[0] of rank 1 with gaspi_write_notify. On rank 1 a helper thread sets a flag under a mutex and only then waits for the notification and resets it; the main thread polls the flag under the mutex and loads seg[0] once it is set. The mutex orders only what the helper did before setting the flag, not its observation of the notification: the load races with the write."
}
RACE LABELS END */
#include <GASPI.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static int arrived;

static void *waiter(void *arg)
{
    (void)arg;
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    pthread_mutex_lock(&mutex);
    arrived = 1;
    pthread_mutex_unlock(&mutex);
    gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
    gaspi_notify_reset(0, id, &old);
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
        // CONFLICT
        gaspi_write_notify(0, 512, 1, 0, 0, sizeof(int), 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        pthread_t thread;
        pthread_create(&thread, NULL, waiter, NULL);
        for (int seen = 0; !seen;) {
            pthread_mutex_lock(&mutex);
            seen = arrived;
            pthread_mutex_unlock(&mutex);
        }
        // CONFLICT
        int v = seg[0];
        pthread_join(thread, NULL);
        printf("data %s\n", v == 0 || v == 42 ? "0 or 42" : "torn");
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
