/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["MPI_Compare_and_swap@40", "MPI_Accumulate@44"],
  "NPROCS": 3,
  "DESCRIPTION": "MPI_Compare_and_swap on MPI_INT and MPI_Accumulate on MPI_SHORT at the same location."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *winbuf;
    MPI_Win win;
    int buf = 1;
    int res = 0;
    int cmp = 0;
    short sval = 1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_allocate(4 * sizeof(int), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
    for (int i = 0; i < 4; i++)
        winbuf[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Compare_and_swap(&buf, &cmp, &res, MPI_INT, 1, 0, win);
    }
    if (rank == 2) {
        // CONFLICT
        MPI_Accumulate(&sval, 1, MPI_SHORT, 1, 0, 1, MPI_SHORT, MPI_SUM, win);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
