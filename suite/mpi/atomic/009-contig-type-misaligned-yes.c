/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": ["MPI_Accumulate@41", "MPI_Accumulate@45"],
  "NPROCS": 3,
  "DESCRIPTION": "A contiguous type of two MPI_INT placed at byte 2 (elements at bytes 2-5 and 6-9) and an MPI_INT accumulate on bytes 4-7: the elements partly overlap, so there is no atomicity. The window has disp_unit 1, so displacements are in bytes."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *winbuf;
    MPI_Win win;
    int buf = 1;
    int pairbuf[2] = {1, 1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_allocate(4 * sizeof(int), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
    for (int i = 0; i < 4; i++)
        winbuf[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    MPI_Datatype pair_type;
    MPI_Type_contiguous(2, MPI_INT, &pair_type);
    MPI_Type_commit(&pair_type);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        // CONFLICT
        MPI_Accumulate(pairbuf, 2, MPI_INT, 1, 2, 1, pair_type, MPI_SUM, win);
    }
    if (rank == 2) {
        // CONFLICT
        MPI_Accumulate(&buf, 1, MPI_INT, 1, 4, 1, MPI_INT, MPI_SUM, win);
    }
    MPI_Win_fence(0, win);
    MPI_Type_free(&pair_type);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
