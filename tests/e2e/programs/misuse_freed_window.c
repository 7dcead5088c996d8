/* An RMA call on a window handle after MPI_Win_free (Open MPI crashes on it): reported, and the
 * call returns MPI_ERR_WIN without reaching MPI. */
#include "misuse_common.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); setup();
  MPI_Win copy = win;
  MPI_Win_free(&win);
  int v = 1;
  say("MPI_Put on a freed window", MPI_Put(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, copy));
  MPI_Finalize(); return 0;
}
