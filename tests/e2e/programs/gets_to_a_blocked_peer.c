/* Rank 0 reads rank 1's window element by element in 20000 short lock epochs while rank 1 waits
 * in MPI_Barrier for it: rank 1 receives none of the tool's batches until rank 0 arrives. The
 * batches' flow control must neither deadlock rank 0 nor stall it at every marker. Race-free:
 * rank 1 writes its window only before the first barrier. */
#include <mpi.h>
#include <stdio.h>

enum { kEpochs = 20000, kSlots = 64 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(kSlots * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < kSlots; i++) base[i] = rank * 1000 + i;
  MPI_Barrier(MPI_COMM_WORLD);
  long sum = 0;
  if (rank == 0) {
    for (int e = 0; e < kEpochs; e++) {
      int value;
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
      MPI_Get(&value, 1, MPI_INT, 1, e % kSlots, 1, MPI_INT, win);
      MPI_Win_unlock(1, win);
      sum += value;
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("sum %ld\n", sum);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
