/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 puts to winbuf[0] of rank 1, completes the put with MPI_Win_unlock_all and calls MPI_Barrier. On rank 1, thread 0 calls the matching MPI_Barrier and then sets a flag in a critical section; thread 1 reads the flag in a critical section until it is set and loads winbuf[0]. The critical sections order thread 0's barrier, and so the put, before the load."
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
    int ready = 0;

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
        MPI_Win_lock_all(0, win);
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
                MPI_Barrier(MPI_COMM_WORLD);
#pragma omp critical
                ready = 1;
            } else {
                int seen = 0;
                while (!seen) {
#pragma omp critical
                    seen = ready;
                }
                printf("winbuf[0] = %d\n", winbuf[0]);
            }
        }
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
