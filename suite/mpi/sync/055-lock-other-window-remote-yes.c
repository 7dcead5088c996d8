/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["MPI_Put@40", "LOAD@48"],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 6.4: rank 1 locks rank 0's second window as if that ordered its load after rank 0's unlock. MPI_Win_lock of another rank's window need not block (only RMA calls of the epoch are delayed), so the load races with the put."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

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

    int winbuf2[1] = {0};
    MPI_Win win2;
    MPI_Win_create(winbuf2, sizeof(winbuf2), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win2);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        // CONFLICT
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win2);
        MPI_Win_unlock(0, win2);
    } else {
        usleep(200000); /* make it probable that rank 0 locks win2 first */
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win2);
        // CONFLICT
        printf("winbuf[0] = %d\n", winbuf[0]);
        MPI_Win_unlock(0, win2);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win2);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
