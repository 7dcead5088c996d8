/* Two threads of every rank block in MPI calls at the same time (MPI_THREAD_MULTIPLE): the main
 * thread in MPI_Recv on MPI_COMM_WORLD, the helper thread in MPI_Barrier on a duplicate
 * communicator. Rank 1 enters the barrier before it sends, so rank 0's receive can only complete
 * after rank 0's helper thread got through the barrier: a runtime that kept its lock across the
 * blocking receive would deadlock here. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* Long enough for the main thread to be blocked in MPI_Recv when the barrier starts. */
enum { kBarrierDelayMicroseconds = 200000 };

static MPI_Comm other;

static void *barrierThread(void *unused) {
  (void)unused;
  usleep(kBarrierDelayMicroseconds);
  MPI_Barrier(other);
  return NULL;
}

int main(int argc, char **argv) {
  int provided = 0, rank = 0, value = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "MPI_THREAD_MULTIPLE is not provided\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &other);
  if (rank == 0) {
    pthread_t helper;
    pthread_create(&helper, NULL, barrierThread, NULL);
    MPI_Recv(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    pthread_join(helper, NULL);
  } else {
    MPI_Barrier(other);
    value = 42;
    MPI_Send(&value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
  }
  MPI_Comm_free(&other);
  if (rank == 0) printf("received %d\n", value);
  MPI_Finalize();
  return 0;
}
