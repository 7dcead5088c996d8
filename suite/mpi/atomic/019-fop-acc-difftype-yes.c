/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["MPI_Fetch_and_op@39", "MPI_Accumulate@43"],
  "NPROCS": 3,
  "DESCRIPTION": "MPI_Fetch_and_op on MPI_INT and MPI_Accumulate on MPI_UNSIGNED at the same location: different predefined datatypes."
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
    unsigned uval = 1u;

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
        MPI_Fetch_and_op(&buf, &res, MPI_INT, 1, 0, MPI_SUM, win);
    }
    if (rank == 2) {
        // CONFLICT
        MPI_Accumulate(&uval, 1, MPI_UNSIGNED, 1, 0, 1, MPI_UNSIGNED, MPI_SUM, win);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
