/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 gets winbuf[0] of rank 1, completes the get with MPI_Win_unlock and sends a message to rank 1. On rank 1 a pthread receives the message and then sets a flag under a mutex; the main thread reads the flag under the mutex until it is set and stores to winbuf[0]. The mutex passes what the pthread learned from the receive on to the main thread, so the store is ordered after the get."
}
RACE LABELS END */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static int arrived = 0;

static void *receiver(void *arg)
{
    int token;

    (void)arg;
    MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    pthread_mutex_lock(&mutex);
    arrived = 1;
    pthread_mutex_unlock(&mutex);
    return NULL;
}

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {5, 0, 0, 0};
    MPI_Win win;
    int buf = 1;
    int token = 0;
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

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        printf("buf = %d\n", buf);
    } else {
        int seen = 0;
        if (pthread_create(&thread, NULL, receiver, NULL) != 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        while (!seen) {
            pthread_mutex_lock(&mutex);
            seen = arrived;
            pthread_mutex_unlock(&mutex);
        }
        winbuf[0] = 7;
        pthread_join(thread, NULL);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
