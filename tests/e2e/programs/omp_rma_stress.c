/* Many threads of every rank in the engine at once (MPI_THREAD_MULTIPLE): inside one lock_all
 * epoch of the rank (one process may not hold two locks on one target), four OpenMP threads per
 * rank each loop over puts into their own slot of the other rank's window and flushes of them,
 * count their rounds with a sequentially consistent atomic and a critical section, and spawn tasks
 * that fill the next origin buffer. Race-free: every thread has its own slot and its
 * own origin buffer, and the window is read after the barrier that follows the epochs. With
 * -DSHARED_SLOT every thread puts into slot 0: puts of different threads race (a remote race,
 * write against write). */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

enum { kThreads = 4, kEpochs = 200 };

int main(int argc, char **argv) {
  int provided = 0, rank = 0, size = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "MPI_THREAD_MULTIPLE is not provided\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int slots[kThreads] = {0};
  MPI_Win win;
  MPI_Win_create(slots, sizeof(slots), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  int peer = (rank + 1) % size;
  long epochs = 0, counted = 0;
  MPI_Win_lock_all(0, win);
#pragma omp parallel num_threads(kThreads)
  {
    int t = omp_get_thread_num();
#ifdef SHARED_SLOT
    int slot = 0;
#else
    int slot = t;
#endif
    int value[2] = {0, 0};
    for (int e = 0; e < kEpochs; e++) {
      int *next = &value[e % 2];
#pragma omp task firstprivate(next, e) shared(value)
      *next = e + 1;
#pragma omp taskwait
      MPI_Put(next, 1, MPI_INT, peer, slot, 1, MPI_INT, win);
      MPI_Win_flush(peer, win);
      __atomic_fetch_add(&epochs, 1, __ATOMIC_SEQ_CST);
#pragma omp critical
      counted++;
    }
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  long sum = 0;
  for (int t = 0; t < kThreads; t++) sum += slots[t];
  printf("rank %d: epochs %ld counted %ld slots %ld\n", rank, epochs, counted, sum);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
