/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 stores to winbuf[0] through a function in another translation unit after the fence that completed rank 0's put."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

/* defined in the .helper.c companion file */
void store_value(int *p, int value);

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    int buf = 1;

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
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 1) {
        store_value(&winbuf[0], 42);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
