// Selective mode on the stencil of the dissertation's Fig. 5.5: only the halo buffers (the origin
// buffer of MPI_Put and the window) are RMA-relevant. As a whole program, the kernel and the copy
// between the grids stay uninstrumented, although the kernel is an external function taking
// pointers; as a single translation unit, its parameters may come from elsewhere and it is
// instrumented.
// RUN: %clang %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s --check-prefixes=CHECK,WHOLE
// RUN: %opt -passes='print<rmarace-plan>' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefixes=CHECK,UNIT
#include <mpi.h>
#include <stdlib.h>

#define N 1000

// CHECK-LABEL: function compute_1d_stencil:
// WHOLE-NOT: instrumented
// UNIT: instrumented
__attribute__((noinline)) void compute_1d_stencil(double *U, double *Unew) {
  for (int i = 1; i < N - 1; i++) Unew[i] = 0.5 * (U[i - 1] + U[i + 1]);
}

// CHECK-LABEL: function halo_exchange:
__attribute__((noinline)) void halo_exchange(double *bufOut, MPI_Win win, int myrank, int nrank) {
  MPI_Win_fence(0, win);
  MPI_Put(&bufOut[0], 1, MPI_DOUBLE, (myrank - 1 + nrank) % nrank, 1, 1, MPI_DOUBLE, win);
  MPI_Put(&bufOut[1], 1, MPI_DOUBLE, (myrank + 1) % nrank, 0, 1, MPI_DOUBLE, win);
  MPI_Win_fence(0, win);
}

// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  int myrank, nrank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
  MPI_Comm_size(MPI_COMM_WORLD, &nrank);
  double *U = calloc(N, sizeof(double));
  double *Unew = calloc(N, sizeof(double));
  double *bufOut = malloc(2 * sizeof(double));
  double *bufIn, *tmp;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &bufIn, &win);
  for (int iter = 0; iter < 100; iter++) {
    // CHECK-DAG: load [[# @LINE + 2]]:{{[0-9]+}} skipped: cannot touch RMA memory
    // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
    bufOut[0] = U[1];
    bufOut[1] = U[N - 2];
    halo_exchange(bufOut, win, myrank, nrank);
    // CHECK-DAG: load [[# @LINE + 2]]:{{[0-9]+}} instrumented
    // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
    U[0] = bufIn[0];
    U[N - 1] = bufIn[1];
    compute_1d_stencil(U, Unew);
    tmp = U;
    U = Unew;
    Unew = tmp;
  }
  MPI_Win_free(&win);
  free(U);
  free(Unew);
  free(bufOut);
  MPI_Finalize();
  return 0;
}
