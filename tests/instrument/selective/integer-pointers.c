// Pointers made from integers may point to any memory whose address became an integer: converting
// the origin buffer to an integer and back keeps the access instrumented, and so does adding the
// distance between two buffers to one of them as integers (p + (q - p) is q), also when the
// distance went through memory. Address integers are followed like pointers, so storing one (a
// size, a distance) does not make memory escape: the other buffer stays unchecked.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

__attribute__((noinline)) static uintptr_t hide(double *pointer) { return (uintptr_t)pointer ^ 1; }
__attribute__((noinline)) static double *reveal(uintptr_t bits) { return (double *)(bits ^ 1); }

// A distance and a size kept in memory.
volatile uintptr_t distance, size;

// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window, *origin = malloc(sizeof(double)), *scratch = malloc(sizeof(double));
  double *other = malloc(4 * sizeof(double));
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  uintptr_t bits = hide(origin);
  MPI_Win_fence(0, win);
  MPI_Get(origin, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *reveal(bits) = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  *(volatile double *)scratch = 2.0;
  distance = (uintptr_t)origin - (uintptr_t)scratch;
  double *rebuilt = (double *)((uintptr_t)scratch + distance);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile double *)rebuilt = 3.0;
  size = (uintptr_t)(other + 4) - (uintptr_t)other;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  *(volatile double *)other = 4.0;
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
