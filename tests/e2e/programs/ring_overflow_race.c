/* Rank 0 puts into rank 1's window in many short lock epochs, far more batches than the shared
 * memory ring between two ranks of a node holds, while rank 1 makes lock epochs of its own to
 * rank 2 (whose calls deliver rank 0's batches now and then): rank 0's batches go partly through
 * the ring and partly with MPI, and rank 1 must take them in the order they were sent. After a
 * barrier, rank 0 puts element kRaced and rank 1 stores it without synchronisation between them:
 * exactly that race is reported. */
#include <mpi.h>
#include <stdio.h>

enum { kEpochs = 4000, kSlots = 64, kRaced = 7 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(kSlots * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < kSlots; i++) base[i] = rank;
  MPI_Barrier(MPI_COMM_WORLD);
  long sum = 0;
  if (rank == 0) {
    for (int e = 0; e < kEpochs; e++) {
      int value = e;
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
      MPI_Put(&value, 1, MPI_INT, 1, e % kSlots, 1, MPI_INT, win);
      MPI_Win_unlock(1, win);
    }
  } else if (rank == 1 && size > 2) {
    for (int e = 0; e < kEpochs / 4; e++) {
      int value;
      MPI_Win_lock(MPI_LOCK_SHARED, 2, 0, win);
      MPI_Get(&value, 1, MPI_INT, 2, e % kSlots, 1, MPI_INT, win);
      MPI_Win_unlock(2, win);
      sum += value;
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int one = 1;
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&one, 1, MPI_INT, 1, kRaced, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
  } else if (rank == 1) {
    base[kRaced] = 42;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) printf("ring_overflow_race: sum %ld\n", sum);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
