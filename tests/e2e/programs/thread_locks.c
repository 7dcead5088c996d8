/* Exclusive passive-target epochs from threads that are not the ranks' initial threads: a pthread
 * of rank 0 and one of rank 1 each lock rank 2's window exclusively, put into the same element and
 * unlock. The lock orders the two puts (whichever comes second learns the first's unlock through
 * the lock's deposit, thread components included), so the program is race-free. With
 * -DEARLIER_THREADS=N, N threads that do nothing are created and joined first, so that the putters
 * have higher thread numbers. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static MPI_Win win;

static void *idle(void *arg) {
  return arg;
}

static void *putter(void *arg) {
  int value = *(int *)arg;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, 0, win);
  MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
  MPI_Win_unlock(2, win);
  return NULL;
}

int main(int argc, char **argv) {
  int provided = 0, rank = 0, size = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 3 || provided < MPI_THREAD_MULTIPLE) {
    if (rank == 0) fprintf(stderr, "needs 3 ranks and MPI_THREAD_MULTIPLE\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int cell = 0;
  MPI_Win_create(&cell, sizeof(cell), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
#ifdef EARLIER_THREADS
  for (int i = 0; i < EARLIER_THREADS; i++) {
    pthread_t thread;
    pthread_create(&thread, NULL, idle, NULL);
    pthread_join(thread, NULL);
  }
#endif
  if (rank < 2) {
    int value = rank + 1;
    pthread_t thread;
    pthread_create(&thread, NULL, putter, &value);
    pthread_join(thread, NULL);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 2) printf("cell %s\n", cell == 1 || cell == 2 ? "1 or 2" : "other");
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
