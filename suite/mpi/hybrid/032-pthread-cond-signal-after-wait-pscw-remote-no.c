/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 puts to winbuf[0] of rank 1 in a PSCW access epoch (MPI_Win_start/MPI_Win_complete). Rank 1 posts the exposure epoch; a pthread ends it with MPI_Win_wait and then signals a condition variable, while the main thread waits on the condition variable and loads winbuf[0]. The condition variable orders MPI_Win_wait, and so the put, before the load."
}
RACE LABELS END */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static MPI_Win win;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int ready = 0;

static void *waiter(void *arg)
{
    (void)arg;
    MPI_Win_wait(win);
    pthread_mutex_lock(&mutex);
    ready = 1;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&mutex);
    return NULL;
}

int main(int argc, char **argv)
{
    int rank, size, provided, peer;
    int winbuf[4] = {0, 0, 0, 0};
    int buf = 1;
    MPI_Group world, group;
    pthread_t thread;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED) {
        if (rank == 0)
            fprintf(stderr, "this test needs MPI_THREAD_SERIALIZED\n");
        MPI_Finalize();
        return 1;
    }
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_create(winbuf, sizeof(winbuf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */
    peer = 1 - rank;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &peer, &group);

    if (rank == 0) {
        MPI_Win_start(group, 0, win);
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(group, 0, win);
        if (pthread_create(&thread, NULL, waiter, NULL) != 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        pthread_mutex_lock(&mutex);
        while (!ready)
            pthread_cond_wait(&cond, &mutex);
        pthread_mutex_unlock(&mutex);
        printf("winbuf[0] = %d\n", winbuf[0]);
        pthread_join(thread, NULL);
    }

    MPI_Group_free(&group);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
