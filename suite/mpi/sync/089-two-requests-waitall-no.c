/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Two outstanding MPI_Rput requests are completed by one MPI_Waitall before their origin buffers are reused. Some MPI libraries return the same handle value for both requests."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *winbuf;
    MPI_Win win;
    int a = 5, b = 6;
    MPI_Request reqs[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
    winbuf[0] = winbuf[1] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Rput(&a, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &reqs[0]);
        MPI_Rput(&b, 1, MPI_INT, 1, 1, 1, MPI_INT, win, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        a = 0;
        b = 0;
        printf("a = %d, b = %d\n", a, b);
    }
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
