/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs two sections: the first does local work, the second puts to winbuf[0] of rank 1 and completes it with MPI_Win_unlock. The MPI_Barrier that rank 1 waits for comes after the parallel region, whose join orders the unlock before it, so rank 1's load after the barrier is ordered after the put."
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
    int local = 0;

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
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            {
                local = 42;
            }
#pragma omp section
            {
                MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
                MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
                MPI_Win_unlock(1, win);
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
        printf("local = %d\n", local);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        printf("winbuf[0] = %d\n", winbuf[0]);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
