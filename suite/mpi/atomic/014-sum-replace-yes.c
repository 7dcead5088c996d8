/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["MPI_Accumulate@37", "MPI_Accumulate@41"],
  "NPROCS": 3,
  "DESCRIPTION": "MPI_SUM and MPI_REPLACE accumulates on the same location from different origins. Under the default accumulate_ops=same_op_no_op, concurrent accumulates must use the same op (or MPI_NO_OP), so atomicity is not guaranteed."
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
        // CONFLICT
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
    }
    if (rank == 2) {
        // CONFLICT
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
