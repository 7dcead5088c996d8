/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["MPI_Put@37", "LOAD@47"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 starts the MPI_Iallreduce before MPI_Win_unlock_all completes the put: the read after MPI_Test is not ordered after the put."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Request req;
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

    int in = rank, out = 0, flag = 0;
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        // CONFLICT
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
        MPI_Win_unlock_all(win);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    } else {
        MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        // CONFLICT
        printf("winbuf[0] = %d, sum = %d\n", winbuf[0], out);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
