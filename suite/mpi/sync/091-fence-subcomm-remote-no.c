/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 4,
  "DESCRIPTION": "Two pairs of ranks each fence a window of their pair communicator, after lock epochs on a world window (the pair fences then know of other ranks' batches). In the pair of ranks 0 and 1, rank 1 loads the location rank 0 puts into only after the fence that ends the put's epoch."
}
RACE LABELS END */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, pairRank;
    int *worldbuf, *pairbuf;
    MPI_Win world, pair;
    MPI_Comm pairComm;
    int buf = 1, value;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4) {
        if (rank == 0)
            fprintf(stderr, "this test needs 4 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &pairComm);
    MPI_Comm_rank(pairComm, &pairRank);
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &worldbuf, &world);
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, pairComm, &pairbuf, &pair);
    for (int i = 0; i < 4; i++)
        worldbuf[i] = pairbuf[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    /* A put to the other pair: the next pair fence carries news of this batch. */
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, (rank + 2) % 4, 0, world);
    MPI_Put(&buf, 1, MPI_INT, (rank + 2) % 4, rank % 2, 1, MPI_INT, world);
    MPI_Win_unlock((rank + 2) % 4, world);

    MPI_Win_fence(0, pair);
    if (rank == 0) {
        MPI_Put(&buf, 1, MPI_INT, 1, 2, 1, MPI_INT, pair);
    }
    MPI_Win_fence(0, pair);
    if (rank == 1) {
        value = pairbuf[2];
        printf("pairbuf[2] = %d\n", value);
    }
    MPI_Win_fence(0, pair);

    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&pair);
    MPI_Win_free(&world);
    MPI_Comm_free(&pairComm);
    MPI_Finalize();
    return 0;
}
