/* Barriers and reductions that order passive-target puts, on MPI_COMM_WORLD and on a
 * sub-communicator, quiet barriers and a put after them, then quiet barriers and one race.
 * rmarace exchanges the clocks of barriers and reductions through a shared-memory board when all
 * ranks share a node, and by a reduction of its own otherwise (shared_exchange=0): either way
 * exactly the race at the end is reported. Needs 4 ranks. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) {
    if (rank == 0) fprintf(stderr, "board_sync needs 4 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int *cell;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &cell, &win);
  *cell = 0;
  int value = rank + 1;
  MPI_Barrier(MPI_COMM_WORLD);

  /* A put completed before a barrier, the target's load after it. */
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int seen = rank == 1 ? *cell : 0;

  /* The target's store before a reduction, a put after it. */
  if (rank == 1) *cell = seen + 1;
  int total = 0;
  MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&total, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  /* The same on the even ranks' communicator: rank 0 puts to rank 2. */
  MPI_Comm even;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &even);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, 0, win);
    MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
    MPI_Win_unlock(2, win);
  }
  if (rank % 2 == 0) MPI_Barrier(even);
  if (rank == 2) seen = *cell;
  int evenTotal = 0;
  if (rank % 2 == 0) MPI_Allreduce(&seen, &evenTotal, 1, MPI_INT, MPI_MAX, even);
  if (rank == 2) *cell = evenTotal;
  MPI_Comm_free(&even);
  MPI_Barrier(MPI_COMM_WORLD);

  /* Barriers with nothing between them (every member contributes what it did to the previous
   * one), then a put that the next barrier orders before the target's load. */
  for (int i = 0; i < 10; i++) MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 2) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) seen += *cell;

  /* Barriers with nothing between them, then a put and a store with nothing ordering them. */
  for (int i = 0; i < 10; i++) MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 3) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* racing put */
    MPI_Win_unlock(1, win);
  }
  if (rank == 1) *cell = 7; /* racing store */
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == 0) printf("board_sync: total %d\n", total);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
