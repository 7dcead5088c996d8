// Window memory the program allocates itself and exposes with MPI_Win_create (a global array) or
// MPI_Win_attach (dynamic window) is relevant, also where a pointer to it comes back from
// MPI_Win_get_attr in a function that never saw the array.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

static double halo[16];

__attribute__((noinline)) static void clear_window(MPI_Win win);

// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Win win, dynamic;
  MPI_Win_create(halo, sizeof(halo), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dynamic);
  double *attached = malloc(8 * sizeof(double)), *other = malloc(8 * sizeof(double));
  MPI_Win_attach(dynamic, attached, 8 * sizeof(double));
  MPI_Win_fence(0, win);
  clear_window(win);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  halo[1] = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  attached[0] = 2.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  ((volatile double *)other)[0] = 3.0;
  MPI_Win_fence(0, win);
  MPI_Win_detach(dynamic, attached);
  MPI_Win_free(&dynamic);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}

// CHECK-LABEL: function clear_window:
// CHECK: store [[# @LINE + 5]]:{{[0-9]+}} instrumented
__attribute__((noinline)) static void clear_window(MPI_Win win) {
  double *base;
  int flag;
  MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
  if (flag) base[0] = 0.0;
}
