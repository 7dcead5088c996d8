// Pointers in different fields of a struct stay apart: only the field that holds the origin buffer
// makes accesses relevant. Copies of such structs, whole or byte by byte, and pointers at odd
// offsets in packed structs keep their aliases.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

struct Buffers {
  double *origin;
  double *scratch;
};

struct __attribute__((packed)) Tagged {
  char tag;
  double *pointer;
};

__attribute__((noinline)) static void copy_bytes(void *to, const void *from, size_t n) {
  for (size_t i = 0; i < n; i++) ((volatile char *)to)[i] = ((const volatile char *)from)[i];
}

// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window;
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  struct Buffers buffers = {malloc(4 * sizeof(double)), malloc(4 * sizeof(double))};
  MPI_Win_fence(0, win);
  MPI_Get(buffers.origin, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)buffers.origin)[1] = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  ((volatile double *)buffers.scratch)[1] = 2.0;

  struct Buffers copy, bytes;
  memcpy(&copy, &buffers, sizeof copy);
  copy_bytes(&bytes, &buffers, sizeof bytes);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)copy.origin)[2] = 3.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)bytes.origin)[2] = 4.0;

  struct Tagged tagged = {'t', buffers.origin};
  double *unpacked;
  copy_bytes(&unpacked, (const char *)&tagged + 1, sizeof unpacked);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)unpacked)[3] = 5.0;
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
