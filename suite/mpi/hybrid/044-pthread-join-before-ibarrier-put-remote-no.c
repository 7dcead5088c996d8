/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["store", "rma write"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 1 a thread stores winbuf[0]; the initial thread joins it and then takes part in an MPI_Ibarrier, completed by MPI_Wait. Rank 0 puts into winbuf[0] of rank 1 after its own MPI_Wait of the same Ibarrier. The join orders the thread's store before the Ibarrier, which orders it before the put."
}
RACE LABELS END */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static int winbuf[4];

static void *writer(void *arg)
{
    (void)arg;
    winbuf[0] = 7;
    return NULL;
}

int main(int argc, char **argv)
{
    int rank, size, provided;
    int value = 42;
    MPI_Win win;
    MPI_Request request;
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

    if (rank == 1) {
        pthread_create(&thread, NULL, writer, NULL);
        pthread_join(thread, NULL);
    }
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        printf("winbuf[0] = %d\n", winbuf[0]);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
