// The C++ user of the halo library (halo.c, compiled as C).
#include "halo.h"

#include <iostream>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *base = nullptr;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  std::vector<int> values{rank};
  MPI_Win_fence(0, win);
  halo_send(values.data(), win, (rank + 1) % size);
  MPI_Win_fence(0, win);
  std::cout << "rank " << rank << " received " << base[0] << "\n";
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
