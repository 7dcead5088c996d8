/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["load", "rma read"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 loads winbuf[0] five calls deep while rank 0 reads it with MPI_Get: both read."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

static void level5(const int *p)
{
    printf("value = %d\n", *p);
}

static void level4(const int *p) { level5(p); }
static void level3(const int *p) { level4(p); }
static void level2(const int *p) { level3(p); }
static void level1(const int *p) { level2(p); }

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
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    if (rank == 1) {
        level1(&winbuf[0]);
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
