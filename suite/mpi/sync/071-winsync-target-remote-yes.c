/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["store", "rma read"],
  "RACE_PAIR": ["STORE@36", "MPI_Get@41"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 stores to its window after the barrier, concurrently with rank 0's get."
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
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_create(winbuf, sizeof(winbuf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_lock_all(0, win);
    if (rank == 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        // CONFLICT
        winbuf[0] = 42;
        MPI_Win_sync(win);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        // CONFLICT
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(1, win);
    }
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
