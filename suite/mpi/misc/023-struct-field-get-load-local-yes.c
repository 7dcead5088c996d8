/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@41", "LOAD@43"],
  "NPROCS": 2,
  "DESCRIPTION": "MPI_Get writes a struct field that is loaded through a pointer to the struct before the fence completes the get."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

struct record {
    int count;
    int value;
};

int main(int argc, char **argv)
{
    int rank, size;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;

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

    struct record rec = {7, 1};
    struct record *r = &rec;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Get(&rec.value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        // CONFLICT
        printf("value = %d\n", r->value);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
