/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 the main thread puts buf to rank 1, completes the put with MPI_Win_flush and then waits at a pthread barrier; a second thread stores to buf after the pthread barrier, which orders the flush before the store."
}
RACE LABELS END */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static pthread_barrier_t barrier;
static int buf = 1;

static void *writer(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&barrier);
    buf = 2;
    return NULL;
}

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    pthread_t thread;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_FUNNELED) {
        if (rank == 0)
            fprintf(stderr, "this test needs MPI_THREAD_FUNNELED\n");
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
        pthread_barrier_init(&barrier, NULL, 2);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        if (pthread_create(&thread, NULL, writer, NULL) != 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(1, win);
        pthread_barrier_wait(&barrier);
        pthread_join(thread, NULL);
        MPI_Win_unlock(1, win);
        pthread_barrier_destroy(&barrier);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
