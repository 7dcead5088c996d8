/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "store"],
  "RACE_PAIR": ["MPI_Accumulate@38", "STORE@42"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 updates its window with a C11 atomic store while rank 0 accumulates to it: language atomics are not atomic with respect to RMA atomics."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>
#include <stdatomic.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *winbuf;
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
    MPI_Win_allocate(4 * sizeof(int), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
    for (int i = 0; i < 4; i++)
        winbuf[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
    }
    if (rank == 1) {
        // CONFLICT
        atomic_store((_Atomic int *)&winbuf[0], 5);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
