/* Regions attached to a dynamic window in ascending or descending address order, written by the
 * left neighbour under a lock, read back, detached, and the window freed. Open MPI 4.1's osc/ucx
 * mishandles regions attached above all attached ones (docs/realworld.md): natively the ascending
 * order crashes in MPI_Win_free; rmarace's guard region (intercept/mpi/ompi_dynamic_windows.h)
 * must make it run, and must not take a slot the program needs (32 regions, descending). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kStride = 64, kRegionBytes = 16 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (argc != 3) {
    fprintf(stderr, "usage: %s ascending|descending REGIONS\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int descending = strcmp(argv[1], "descending") == 0;
  int regions = atoi(argv[2]);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char *buffer = calloc((size_t)regions, kStride);
  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  for (int k = 0; k < regions; k++) {
    int i = descending ? regions - 1 - k : k;
    MPI_Win_attach(win, buffer + (size_t)i * kStride, kRegionBytes);
  }
  MPI_Aint mine, right_base;
  MPI_Get_address(buffer, &mine);
  MPI_Aint *bases = malloc(sizeof(MPI_Aint) * (size_t)size);
  MPI_Allgather(&mine, 1, MPI_AINT, bases, 1, MPI_AINT, MPI_COMM_WORLD);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  right_base = bases[right];
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
  int *values = malloc(sizeof(int) * (size_t)regions);
  for (int i = 0; i < regions; i++) {
    values[i] = rank * 1000 + i;
    MPI_Put(&values[i], 1, MPI_INT, right, MPI_Aint_add(right_base, (MPI_Aint)i * kStride), 1,
            MPI_INT, win);
  }
  MPI_Win_unlock(right, win);
  MPI_Barrier(MPI_COMM_WORLD);
  int wrong = 0;
  for (int i = 0; i < regions; i++) {
    int value;
    memcpy(&value, buffer + (size_t)i * kStride, sizeof value);
    if (value != left * 1000 + i) wrong++;
  }
  for (int k = 0; k < regions; k++) {
    int i = descending ? regions - 1 - k : k;
    MPI_Win_detach(win, buffer + (size_t)i * kStride);
  }
  MPI_Win_free(&win);
  printf("rank %d: %d %s regions, %d wrong\n", rank, regions, argv[1], wrong);
  free(values);
  free(bases);
  free(buffer);
  MPI_Finalize();
  return wrong != 0;
}
