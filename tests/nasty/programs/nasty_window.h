/* What the MPI bug-pattern programs share: MPI started and a window of `count` ints per rank, set
 * to `value` at every rank before any rank goes on; at the end a barrier, the window freed and MPI
 * finalised. */
#ifndef NASTY_WINDOW_H
#define NASTY_WINDOW_H

#include <mpi.h>

static int *open_window(int *argc, char ***argv, int count, int value, int *rank, MPI_Win *win) {
  int *mem;
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Win_allocate(count * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem,
                   win);
  for (int i = 0; i < count; ++i) mem[i] = value;
  MPI_Barrier(MPI_COMM_WORLD);
  return mem;
}

static int close_window(MPI_Win *win) {
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(win);
  MPI_Finalize();
  return 0;
}

#endif
