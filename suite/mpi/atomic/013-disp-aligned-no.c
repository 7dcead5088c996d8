/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Two MPI_INT accumulates at the same byte displacement 4 are atomic. The window has disp_unit 1, so displacements are in bytes."
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
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 4, 1, MPI_INT, MPI_SUM, win);
    }
    if (rank == 2) {
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 4, 1, MPI_INT, MPI_SUM, win);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
