/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["load", "local buffer read"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The origin buffer of a pending MPI_Put is loaded in a function called through a function pointer: both only read it."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

static void show_value(int *p)
{
    printf("value = %d\n", *p);
}

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

    void (*access_fn)(int *) = show_value;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        access_fn(&buf);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
