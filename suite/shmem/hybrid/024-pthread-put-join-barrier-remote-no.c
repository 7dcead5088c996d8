/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 023: PE 0's main thread joins the pthread that puts x[0] of PE 1 before calling shmem_barrier_all; pthread_join orders the put's issue before the barrier, which completes it before PE 1 loads x[0]."
}
RACE LABELS END */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];

static void *writer(void *arg)
{
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
        pthread_join(thread, NULL);
        shmem_barrier_all();
    }
    if (me == 1) {
        shmem_barrier_all();
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
