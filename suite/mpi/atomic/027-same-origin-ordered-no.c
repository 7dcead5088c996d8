/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "One origin issues MPI_Accumulate(MPI_SUM) then MPI_Compare_and_swap on the same MPI_INT: the default accumulate_ordering (rar,raw,war,waw) orders them although their operations differ."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *winbuf;
    MPI_Win win;
    MPI_Info info = MPI_INFO_NULL;
    int buf = 1, compare = 0, result = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_allocate(4 * sizeof(int), 1, info, MPI_COMM_WORLD, &winbuf, &win);
    for (int i = 0; i < 4; i++)
        winbuf[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    if (rank == 0) {
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Compare_and_swap(&buf, &compare, &result, MPI_INT, 1, 0, win);
    }
    MPI_Win_unlock(1, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
