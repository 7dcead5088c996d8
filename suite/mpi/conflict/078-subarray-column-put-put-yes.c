/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": ["MPI_Put@48", "MPI_Put@52"],
  "NPROCS": 3,
  "DESCRIPTION": "Two origins put column 0 of a 4x4 int matrix, described by MPI_Type_create_subarray, into the same window concurrently."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

/* Column c of a 4x4 row-major matrix of int, as a subarray type. */
static MPI_Datatype column_type(int c)
{
    int sizes[2] = {4, 4}, subsizes[2] = {4, 1}, starts[2] = {0, c};
    MPI_Datatype t;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

int main(int argc, char **argv)
{
    int rank, size;
    int *winbuf;
    MPI_Win win;
    int column[4] = {1, 2, 3, 4};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Datatype first = column_type(0), second = column_type(0);
    MPI_Win_allocate(16 * sizeof(int), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
    for (int i = 0; i < 16; i++)
        winbuf[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Put(column, 4, MPI_INT, 1, 0, 1, first, win);
    }
    if (rank == 2) {
        // CONFLICT
        MPI_Put(column, 4, MPI_INT, 1, 0, 1, second, win);
    }
    MPI_Win_fence(0, win);

    MPI_Type_free(&first);
    MPI_Type_free(&second);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
