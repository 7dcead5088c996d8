// Pointers returned by functions keep their aliases: the origin buffer comes out of an allocator
// function (007/017-MPI-misc-*-retval); scratch memory from another allocator stays irrelevant.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

__attribute__((noinline)) static double *make_origin(void) { return malloc(4 * sizeof(double)); }
__attribute__((noinline)) static double *make_scratch(void) { return malloc(4 * sizeof(double)); }
__attribute__((noinline)) static double *second(double *buffer) { return buffer + 1; }

// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *origin = make_origin(), *scratch = make_scratch(), *window;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window,
                   &win);
  MPI_Win_fence(0, win);
  MPI_Get(origin, 4, MPI_DOUBLE, 0, 0, 4, MPI_DOUBLE, win);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *second(origin) = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  ((volatile double *)scratch)[1] = 2.0;
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  free(origin);
  free(scratch);
  MPI_Finalize();
  return 0;
}
