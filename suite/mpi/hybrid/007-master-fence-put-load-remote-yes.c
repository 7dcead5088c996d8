/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["MPI_Put@42", "LOAD@50"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 puts to winbuf[0] of rank 1 in a fence epoch. On rank 1 the master thread calls the closing MPI_Win_fence in a master construct, and then both threads load winbuf[0]. master has no implicit barrier: the other thread's load is not ordered after the fence, so it races with the put."
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

    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
    } else {
#pragma omp parallel num_threads(2)
        {
#pragma omp master
            MPI_Win_fence(0, win);
            // CONFLICT
            printf("thread %d: winbuf[0] = %d\n", omp_get_thread_num(), winbuf[0]);
        }
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
