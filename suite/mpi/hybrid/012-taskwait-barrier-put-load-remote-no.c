/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 2.12, fixed: rank 0 puts to winbuf[0] of rank 1, completes the put with MPI_Win_unlock and calls MPI_Barrier. On rank 1 a task calls the matching MPI_Barrier, while the thread that created it waits, through an atomic flag, until the task started, then waits for it with taskwait and loads winbuf[0]. The taskwait orders the task's barrier, and so the put, before the load."
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
    int started = 0;

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
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
            int seen = 0;
#pragma omp task
            {
#pragma omp atomic write
                started = 1;
                MPI_Barrier(MPI_COMM_WORLD);
            }
            while (!seen) {
#pragma omp atomic read
                seen = started;
            }
#pragma omp taskwait
            printf("winbuf[0] = %d\n", winbuf[0]);
        }
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
