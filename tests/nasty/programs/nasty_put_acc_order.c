/* Nasty-MPI's fourth case: a put followed by an accumulate to the same target memory with no
 * synchronisation between them. Only accumulates are ordered (MPI-3.1 11.7.2); libraries that
 * complete the two in program order give 11 everywhere, any other order leaves 1 or 10 in some
 * elements. rmarace reports the remote race. */
#include <mpi.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mem;
  MPI_Win win;
  MPI_Win_allocate(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < N; ++i) mem[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int ones[N], tens[N];
    for (int i = 0; i < N; ++i) ones[i] = 1, tens[i] = 10;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(ones, N, MPI_INT, 1, 0, N, MPI_INT, win);
    /* missing MPI_Win_flush(1, win) */
    MPI_Accumulate(tens, N, MPI_INT, 1, 0, N, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    printf("values");
    for (int i = 0; i < N; ++i) printf(" %d", mem[i]);
    printf("\n");
    MPI_Win_unlock(1, win);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
