// Calls through function pointers must not lose aliases (the reference tool misses
// 015-MPI-misc-get-store-funcpointer-remote-yes this way): a buffer reaching a function only
// through a table of function pointers, and an RMA function called through a pointer.
// RUN: %clang %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

typedef void (*Writer)(double *);
typedef int (*Transfer)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win);

// CHECK-LABEL: function fill:
// CHECK-NEXT: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
__attribute__((noinline)) static void fill(double *window) { window[0] = 1.0; }
// CHECK-LABEL: function clear:
// CHECK-NEXT: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
__attribute__((noinline)) static void clear(double *window) { window[1] = 0.0; }

Writer writers[2] = {fill, clear};
Transfer transfers[1] = {MPI_Put};

// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window, *origin = malloc(sizeof(double)), *scratch = malloc(sizeof(double));
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window,
                   &win);
  MPI_Win_fence(0, win);
  writers[argc % 2](window);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *origin = 3.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  *(volatile double *)scratch = 4.0;
  transfers[argc % 1](origin, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
