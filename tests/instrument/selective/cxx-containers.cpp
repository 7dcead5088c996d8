// C++: std::vector storage used as origin buffer is relevant through the vector's data pointer
// (stored in the vector object, reached through member functions); another vector is not, and
// neither is its kernel. Exceptions and the C++ runtime do not make memory relevant.
// RUN: %clangxx %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>

#include <numeric>
#include <stdexcept>
#include <vector>

// CHECK-NOT: unknown memory is relevant

// CHECK-LABEL: function scale(std::vector<double, std::allocator<double> >&, double):
// CHECK-NOT: instrumented
// CHECK-LABEL: function main:
__attribute__((noinline)) void scale(std::vector<double> &values, double factor) {
  for (double &value : values) value *= factor;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<double> origin(16), values(1024, 1.0);
  double *window;
  MPI_Win win;
  MPI_Win_allocate(16 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window,
                   &win);
  if (argc > 5) throw std::runtime_error("too many arguments");
  MPI_Win_fence(0, win);
  scale(values, 2.0);
  // CHECK: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  for (int i = 0; i < 16; i++) origin[i] = values[i];
  MPI_Put(origin.data(), 16, MPI_DOUBLE, 0, 0, 16, MPI_DOUBLE, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return static_cast<int>(std::accumulate(values.begin(), values.end(), 0.0));
}
