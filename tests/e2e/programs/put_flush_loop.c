/* Many put + flush iterations to one location inside one lock_all epoch, to a neighbour and to
   the own window: race-free, and the tool's memory must not grow with the iterations. Prints
   each rank's peak resident memory in KiB. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

int main(int argc, char **argv) {
  int rank, size;
  long iterations = argc > 1 ? atol(argv[1]) : 20000, *slot;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_allocate(2 * sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &slot, &win);
  slot[0] = slot[1] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  for (long i = 1; i <= iterations; i++) {
    MPI_Put(&i, 1, MPI_LONG, (rank + 1) % size, 0, 1, MPI_LONG, win);
    MPI_Win_flush((rank + 1) % size, win);
    MPI_Put(&i, 1, MPI_LONG, rank, 1, 1, MPI_LONG, win);
    MPI_Win_flush(rank, win);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("rank %d: %ld %ld peak %ld\n", rank, slot[0], slot[1], usage.ru_maxrss);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
