/* Epoch-ending calls without the epoch (MPI returns errors), and a flush outside a passive target
 * epoch (MPI-3.1 11.5.4), which Open MPI accepts and rmarace reports. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  say("MPI_Win_unlock without lock", MPI_Win_unlock((rank + 1) % size, win));
  say("MPI_Win_unlock_all without lock_all", MPI_Win_unlock_all(win));
  say("MPI_Win_flush without lock", MPI_Win_flush(0, win));
  say("MPI_Win_complete without start", MPI_Win_complete(win));
  say("MPI_Win_wait without post", MPI_Win_wait(win));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize(); return 0;
}
