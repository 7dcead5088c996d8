/* Race-free: every rank increments a counter at rank 0 under an exclusive lock, then a ring of
 * messages and a PSCW exchange; prints deterministic results. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *counter;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
  counter[0] = counter[1] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  for (int round = 0; round < 5; ++round) {
    int value = 0, one = 1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Get(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_flush(0, win);
    value += one;
    MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int token = rank == 0 ? counter[0] : 0;
  if (rank == 0) MPI_Send(&token, 1, MPI_INT, 1 % size, 0, MPI_COMM_WORLD);
  if (rank != 0) {
    MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    token += rank;
    MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
  } else if (size > 1) {
    MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Group world, peers;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  MPI_Group_incl(world, 1, &next, &peers);
  MPI_Group exposure;
  MPI_Group_incl(world, 1, &prev, &exposure);
  MPI_Win_post(exposure, 0, win);
  MPI_Win_start(peers, 0, win);
  MPI_Put(&rank, 1, MPI_INT, next, 1, 1, MPI_INT, win);
  MPI_Win_complete(win);
  MPI_Win_wait(win);
  printf("rank %d: counter %d token %d from %d\n", rank, rank == 0 ? counter[0] : -1,
         rank == 0 ? token : -1, counter[1]);
  MPI_Group_free(&peers);
  MPI_Group_free(&exposure);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
