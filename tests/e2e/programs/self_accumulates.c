/* Accumulates of one rank to its own window with different operations on the same basic datatype:
 * ordered by the default accumulate_ordering (MPI-3.1 11.7.2), so no race; the same sequence to
 * the next rank is not one either. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, *slots;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &slots, &win);
  slots[0] = slots[1] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  int one = 1, two = 2, next = (rank + 1) % size;
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win); /* slot 0 of this rank */
  MPI_Accumulate(&one, 1, MPI_INT, rank, 0, 1, MPI_INT, MPI_SUM, win);
  MPI_Accumulate(&two, 1, MPI_INT, rank, 0, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Accumulate(&one, 1, MPI_INT, rank, 0, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_unlock(rank, win);
  MPI_Win_lock(MPI_LOCK_SHARED, next, 0, win); /* slot 1 of the next rank */
  MPI_Accumulate(&one, 1, MPI_INT, next, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Accumulate(&two, 1, MPI_INT, next, 1, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Accumulate(&one, 1, MPI_INT, next, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_unlock(next, win);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d slots %d %d\n", rank, slots[0], slots[1]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
