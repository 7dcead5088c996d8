/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Ten fence epochs on a world window; in each, rank 0 puts into rank 1's window. Rank 1 loads that location after each epoch's closing fence and before the next epoch opens."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    int sum = 0;

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
    for (int it = 0; it < 10; it++) {
        if (rank == 0) {
            MPI_Put(&it, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        }
        MPI_Win_fence(0, win);
        if (rank == 1)
            sum += winbuf[0];
        MPI_Win_fence(0, win);
    }
    if (rank == 1)
        printf("sum = %d\n", sum);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
