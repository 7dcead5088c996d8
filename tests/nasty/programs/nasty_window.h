/* What the MPI programs share: MPI started and a window of `count` ints per rank, set to `value`
 * at every rank before any rank goes on; at the end a barrier, the window freed and MPI
 * finalised; printing what arrived, or every rank's check values. */
#ifndef NASTY_WINDOW_H
#define NASTY_WINDOW_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

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

/* The end of a program whose rank 0 wrote to rank 1's window: rank 1 prints what arrived. */
static int print_and_close(int rank, const int *mem, MPI_Win *win) {
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, *win);
    printf("value %d\n", *mem);
    MPI_Win_unlock(1, *win);
  }
  return close_window(win);
}

/* Rank 0 prints every rank's `n` check values, a line a rank. */
static void print_checks(const long *check, int n) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long *all = malloc((size_t)size * (size_t)n * sizeof(long));
  MPI_Gather(check, n, MPI_LONG, all, n, MPI_LONG, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size; ++r) {
      printf("rank %d:", r);
      for (int i = 0; i < n; ++i) printf(" %ld", all[n * r + i]);
      printf("\n");
    }
  free(all);
}

#endif
