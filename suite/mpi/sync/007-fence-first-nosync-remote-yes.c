/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["MPI_Put@40", "LOAD@46"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 completes a put to rank 0 with MPI_Win_unlock and then calls the first MPI_Win_fence of a second window. A fence that ends no epoch need not synchronise (MPI-3.1 11.5.1), so rank 0's load after that first fence is not ordered after the put."
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

    int winbuf2[1] = {0};
    MPI_Win win2;
    MPI_Win_create(winbuf2, sizeof(winbuf2), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win2);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        // CONFLICT
        MPI_Put(&buf, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Win_fence(0, win2);
    if (rank == 0) {
        // CONFLICT
        printf("winbuf[0] = %d\n", winbuf[0]);
        MPI_Put(&buf2, 1, MPI_INT, 1, 0, 1, MPI_INT, win2);
    }
    MPI_Win_fence(0, win2);
    if (rank == 0) {
        printf("done\n");
    }
    MPI_Win_free(&win2);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
