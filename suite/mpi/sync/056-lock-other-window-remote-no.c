/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Like the racy twin, but rank 0 sends a message after its unlock that rank 1 receives before loading."
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
    int msg = 0;

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
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win2);
        MPI_Win_unlock(0, win2);
        MPI_Send(&msg, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        usleep(200000); /* make it probable that rank 0 locks win2 first */
        MPI_Recv(&msg, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win2);
        printf("winbuf[0] = %d\n", winbuf[0]);
        MPI_Win_unlock(0, win2);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win2);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
