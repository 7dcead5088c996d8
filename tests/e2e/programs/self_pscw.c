/* PSCW epochs in which every rank is in its own access and exposure groups (PETSc's window star
 * forest with -sf_window_sync active): gets and accumulates to itself are completed by
 * MPI_Win_complete like those to other ranks. Race-free. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *root;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int) * 4, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &root, &win);
  for (int i = 0; i < 4; ++i) root[i] = rank;
  int leaf[8];
  MPI_Group world;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int iter = 0; iter < 4; ++iter) {
    /* bcast: every leaf gets root[0] of every rank, self included */
    MPI_Win_post(world, MPI_MODE_NOPUT, win);
    MPI_Win_start(world, 0, win);
    for (int t = 0; t < size; ++t) MPI_Get(&leaf[t], 1, MPI_INT, t, 0, 1, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    /* reduce: accumulate leaves into root[1] of every rank, self included */
    MPI_Win_post(world, 0, win);
    MPI_Win_start(world, 0, win);
    for (int t = 0; t < size; ++t)
      MPI_Accumulate(&leaf[t], 1, MPI_INT, t, 1, 1, MPI_INT, MPI_SUM, win);
    for (int t = 0; t < size; ++t)
      MPI_Accumulate(&leaf[t], 1, MPI_INT, t, 1, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    root[0] = root[1] % 1000;
  }
  printf("rank %d root %d %d\n", rank, root[0], root[1]);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
