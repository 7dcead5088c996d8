/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0, inside an MPI_Win_lock_all epoch, thread 1 puts to winbuf[0] of rank 1; after an explicit barrier thread 0 calls MPI_Win_flush and then the MPI_Barrier that rank 1 waits for. The explicit barrier orders the put before the flush, which completes it at the target although another thread issued it, so rank 1's load after the barrier is ordered after the put."
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
        MPI_Win_lock_all(0, win);
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 1) {
                MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
            }
#pragma omp barrier
            if (omp_get_thread_num() == 0) {
                MPI_Win_flush(1, win);
                MPI_Barrier(MPI_COMM_WORLD);
            }
        }
        MPI_Win_unlock_all(win);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        printf("winbuf[0] = %d\n", winbuf[0]);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
