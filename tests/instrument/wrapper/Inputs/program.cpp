// A C++ program with an MPI_Get into a std::vector.
#include <mpi.h>

#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<int> values(4);
  int *window;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  MPI_Win_fence(0, win);
  MPI_Get(values.data(), 4, MPI_INT, 0, 0, 4, MPI_INT, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return values[0];
}
