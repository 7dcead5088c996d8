/* Non-blocking collective completed in a progress loop that also probes for messages. With
 * LOAD_BEFORE_WAIT the target reads before the barrier completes: a race. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  *base = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int value = 5;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 18 */
    MPI_Win_unlock(1, win);
  }
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
#ifdef LOAD_BEFORE_WAIT
  if (rank == 1) printf("early %d\n", *base); /* line 24: races with the put */
#endif
  int done = 0, pending = 0;
  while (!done) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &pending, MPI_STATUS_IGNORE);
  }
  if (rank == 1) printf("value %d\n", *base);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
