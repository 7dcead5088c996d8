/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "rma read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Rank 0 writes winbuf[0] of rank 1 in one fence epoch and rank 2 reads it in the next; the middle fence ends rank 1's exposure epoch, so the put is complete before the get may access the window."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    int buf = 1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_create(winbuf, sizeof(winbuf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 2) {
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 2) {
        printf("buf = %d\n", buf);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
