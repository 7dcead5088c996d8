/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@38", "LOAD@007-othertu-get-load-local-yes.helper.c:9"],
  "NPROCS": 2,
  "DESCRIPTION": "The origin buffer of MPI_Get is loaded by a function in another translation unit before the fence completes the get."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

/* defined in the .helper.c companion file */
void print_value(const int *p);

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

    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        print_value(&buf);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
