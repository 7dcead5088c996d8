/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "load"],
  "RACE_PAIR": ["MPI_Fetch_and_op@36", "LOAD@40"],
  "NPROCS": 2,
  "DESCRIPTION": "MPI_Fetch_and_op with MPI_SUM updates winbuf[0] of rank 1 while rank 1 loads it."
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
    int res = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
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
        MPI_Fetch_and_op(&buf, &res, MPI_INT, 1, 0, MPI_SUM, win);
    }
    if (rank == 1) {
        // CONFLICT
        printf("winbuf[0] = %d\n", winbuf[0]);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
