/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["MPI_Get@37", "STORE@41"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 overwrites its window with memcpy (a store by a memory intrinsic) while rank 0 reads it with MPI_Get in the same fence epoch."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    int buf = 1;
    int buf2 = 2;

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
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    if (rank == 1) {
        // CONFLICT
        memcpy(winbuf, &buf2, sizeof(int));
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
