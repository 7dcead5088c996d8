/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Race-free polling: rank 0 writes with MPI_Accumulate(MPI_REPLACE) and rank 1 reads with MPI_Fetch_and_op(MPI_NO_OP), both atomic on MPI_INT."
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
    int flag = 0;

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

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_unlock(1, win);
    }
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        do {
            MPI_Fetch_and_op(NULL, &res, MPI_INT, 1, 0, MPI_NO_OP, win);
            MPI_Win_flush(1, win);
            /* let MPI progress the incoming accumulate */
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        } while (res == 0);
        MPI_Win_unlock(1, win);
        printf("winbuf[0] = %d\n", res);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
