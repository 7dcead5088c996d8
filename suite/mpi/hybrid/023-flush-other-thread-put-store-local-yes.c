/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["MPI_Put@45", "STORE@52"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0, thread 1 puts buf to rank 1 while thread 0 calls MPI_Win_flush; after an explicit barrier thread 1 stores to buf. Completion calls act on the whole process, but only on operations issued before them: the put is not ordered before the flush, so the flush need not complete it and the store races with the put's read of buf."
}
RACE LABELS END */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    int buf = 1;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            fprintf(stderr, "this test needs MPI_THREAD_MULTIPLE\n");
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
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 1) {
                // CONFLICT
                MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
            }
            if (omp_get_thread_num() == 0)
                MPI_Win_flush(1, win);
#pragma omp barrier
            if (omp_get_thread_num() == 1) {
                // CONFLICT
                buf = 2;
            }
        }
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
