/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["store", "store"],
  "RACE_PAIR": ["STORE@41", "STORE@45"],
  "NPROCS": 3,
  "DESCRIPTION": "Rank 1 updates rank 0's part of a shared window with a C11 atomic operation while rank 2 stores there plainly: only two atomic accesses do not race."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>
#include <stdatomic.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *mine, *peer;
    MPI_Aint peer_size;
    int peer_disp;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        MPI_Finalize();
        return 1;
    }
    /* All processes of this test run on one node: rank 0's part is reachable by load/store. */
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine,
                            &win);
    MPI_Win_shared_query(win, 0, &peer_size, &peer_disp, &peer);
    for (int i = 0; i < 4; i++)
        mine[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    if (rank == 1) {
        // CONFLICT
        atomic_store((_Atomic int *)&peer[0], 1);
    }
    if (rank == 2) {
        // CONFLICT
        peer[0] = 2;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("value = %d\n", mine[0]);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
