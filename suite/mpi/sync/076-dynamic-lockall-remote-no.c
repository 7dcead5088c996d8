/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Dynamic window: MPI_Win_unlock_all completes the put before the barrier."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Aint target_disp;
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
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, winbuf, sizeof(winbuf));
    /* the origin needs the address of rank 1's memory as displacement */
    MPI_Get_address(winbuf, &target_disp);
    MPI_Bcast(&target_disp, 1, MPI_AINT, 1, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&buf, 1, MPI_INT, 1, target_disp, 1, MPI_INT, win);
        MPI_Win_unlock_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        printf("winbuf[0] = %d\n", winbuf[0]);
    }

    MPI_Win_detach(win, winbuf);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
