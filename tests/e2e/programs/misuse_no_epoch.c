/* A put outside any access epoch (MPI-3.1 11.5): Open MPI accepts it; rmarace reports it. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  int v = 1;
  say("MPI_Put outside any epoch", MPI_Put(&v, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize(); return 0;
}
