/* lockget: a long run of short passive-target epochs, MPI_Win_lock(SHARED) / MPI_Get /
 * MPI_Win_unlock on the next rank, while no rank synchronises with the ranks that read its
 * window (the pattern of libraries that fetch remote data one element at a time, e.g.
 * OpenCoarrays). Nothing prunes the target's records of the gets, so the tool must keep their
 * number bounded by other means: its time per epoch and its memory must not grow with the number
 * of epochs.
 *
 * Usage: lockget [epochs [slots]]   (slots: window ints the gets cycle over) */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  long epochs = argc > 1 ? atol(argv[1]) : 1000000;
  int slots = argc > 2 ? atoi(argv[2]) : 64;
  if (epochs < 1 || slots < 1) {
    if (rank == 0) fprintf(stderr, "usage: lockget [epochs [slots]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int *base;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)slots * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < slots; i++) base[i] = rank * slots + i;
  MPI_Barrier(MPI_COMM_WORLD);

  int next = (rank + 1) % nprocs, value = 0;
  uint64_t sum = 0;
  double start = MPI_Wtime();
  for (long e = 0; e < epochs; e++) {
    MPI_Win_lock(MPI_LOCK_SHARED, next, 0, win);
    MPI_Get(&value, 1, MPI_INT, next, (MPI_Aint)(e % slots), 1, MPI_INT, win);
    MPI_Win_unlock(next, win);
    sum += (uint64_t)value;
  }
  double seconds = MPI_Wtime() - start;

  uint64_t total;
  MPI_Reduce(&sum, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("lockget: epochs=%ld slots=%d ranks=%d us/epoch=%.2f\n", epochs, slots, nprocs,
           1e6 * seconds / (double)epochs);
    printf("checksum: %016llx\n", (unsigned long long)total);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
