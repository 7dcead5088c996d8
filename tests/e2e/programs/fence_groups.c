/* Fence epochs on windows of the whole world and of pairs of ranks, between lock epochs on a
 * third window: fences whose exchange travels through the fence areas, fences with assertions
 * (exchanged by reduction), and pair fences whose members know of other ranks' batches (ledger
 * entries: the area falls back to a reduction). With the argument "race", rank 1 reads its pair
 * window in iteration 6 while rank 0's put into it is still in the same epoch. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

enum { kIterations = 10, kRacyIteration = 6 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int race = argc > 1 && strcmp(argv[1], "race") == 0;
  MPI_Comm pairComm;
  MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &pairComm);
  int pairRank, pairSize;
  MPI_Comm_rank(pairComm, &pairRank);
  MPI_Comm_size(pairComm, &pairSize);
  int *locked, *pair, *ring;
  MPI_Win lockedWin, pairWin, ringWin;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &locked,
                   &lockedWin);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, pairComm, &pair, &pairWin);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &ring, &ringWin);
  for (int i = 0; i < 4; i++) locked[i] = pair[i] = ring[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  long sum = 0;
  int partner = (pairRank + 1) % pairSize, right = (rank + 1) % size;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, pairWin);
  for (int it = 0; it < kIterations; it++) {
    /* A put to a rank of the next pair: the pair fences below then carry news of it. */
    int other = (rank + 2) % size, value = rank * 100 + it;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, other, 0, lockedWin);
    MPI_Put(&value, 1, MPI_INT, other, rank % 2, 1, MPI_INT, lockedWin);
    MPI_Win_unlock(other, lockedWin);

    int mine = it + rank;
    MPI_Put(&mine, 1, MPI_INT, partner, 2, 1, MPI_INT, pairWin);
    if (race && it == kRacyIteration && rank == 1) sum += pair[2];
    MPI_Win_fence(0, pairWin);
    sum += pair[2];
    MPI_Win_fence(0, pairWin);

    MPI_Win_fence(MPI_MODE_NOPRECEDE, ringWin);
    MPI_Put(&mine, 1, MPI_INT, right, 0, 1, MPI_INT, ringWin);
    MPI_Win_fence(0, ringWin);
    sum += ring[0];
    MPI_Win_fence(MPI_MODE_NOSUCCEED, ringWin);
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, pairWin);
  MPI_Barrier(MPI_COMM_WORLD);
  sum += locked[0] + locked[1];
  long total = 0;
  MPI_Reduce(&sum, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("fence_groups: %ld\n", total);
  MPI_Win_free(&ringWin);
  MPI_Win_free(&pairWin);
  MPI_Win_free(&lockedWin);
  MPI_Comm_free(&pairComm);
  MPI_Finalize();
  return 0;
}
