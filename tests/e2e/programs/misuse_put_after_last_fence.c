/* A put after a fence with MPI_MODE_NOSUCCEED, which started no epoch: outside any access epoch
 * (MPI-3.1 11.5.1). Open MPI accepts it; rmarace reports it. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  int v = 1;
  MPI_Win_fence(0, win);
  MPI_Put(&v, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
  say("MPI_Win_fence(MPI_MODE_NOSUCCEED)", MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
  say("MPI_Put after it", MPI_Put(&v, 1, MPI_INT, (rank + 1) % size, 1, 1, MPI_INT, win));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize(); return 0;
}
