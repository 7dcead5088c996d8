/* MPI_Win_free while a lock is held (MPI-3.1 11.2.5: free only after the epochs are completed):
 * Open MPI accepts it; rmarace reports it. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  int v = 1;
  MPI_Win_lock(MPI_LOCK_SHARED, (rank + 1) % size, 0, win);
  MPI_Put(&v, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
  say("MPI_Win_free while a lock is held", MPI_Win_free(&win));
  MPI_Finalize(); return 0;
}
