// OpenMP parallel regions run in outlined functions that the OpenMP runtime calls back with the
// captured variables: the analysis follows __kmpc_fork_call to them, so the packing loop into the
// origin buffer is instrumented and the stencil loop over the grids is not.
// REQUIRES: openmp
// RUN: %clang %mpi_cflags -fopenmp -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

#define N 4096

// CHECK-NOT: unknown memory is relevant
// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *grid = calloc(N, sizeof(double)), *next = calloc(N, sizeof(double));
  double *out = malloc(64 * sizeof(double)), *window;
  MPI_Win win;
  MPI_Win_allocate(64 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window,
                   &win);
  MPI_Win_fence(0, win);
  for (int step = 0; step < 10; step++) {
// CHECK-LABEL: function .omp_outlined.:
// CHECK: store [[# @LINE + 5]]:{{[0-9]+}} instrumented
// CHECK-LABEL: function .omp_outlined..{{[0-9]+}}:
// CHECK-NOT: instrumented
#pragma omp parallel for
    for (int i = 0; i < 64; i++)
      out[i] = grid[i];
    MPI_Put(out, 64, MPI_DOUBLE, 0, 0, 64, MPI_DOUBLE, win);
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      next[i] = 0.5 * (grid[i - 1] + grid[i + 1]);
    double *swap = grid;
    grid = next;
    next = swap;
    MPI_Win_fence(0, win);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
