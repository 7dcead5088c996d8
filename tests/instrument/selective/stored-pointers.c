// Pointers stored in memory keep their aliases: in a struct field, in an array of pointers, in a
// global variable, and in a struct passed by pointer to another function.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

struct Exchange {
  int count;
  double *buffer;
};

double *global_buffer;

// CHECK-LABEL: function through_struct:
// CHECK: store [[# @LINE + 2]]:{{[0-9]+}} instrumented
__attribute__((noinline)) static void through_struct(struct Exchange *exchange) {
  exchange->buffer[exchange->count - 1] = 1.0;
}

// CHECK-LABEL: function through_array:
// CHECK: store [[# @LINE + 2]]:{{[0-9]+}} instrumented
__attribute__((noinline)) static void through_array(double **buffers, int i) {
  buffers[i][0] = 2.0;
}

// CHECK-LABEL: function through_global:
// CHECK: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
__attribute__((noinline)) static void through_global(void) { global_buffer[0] = 3.0; }

// CHECK-LABEL: function unrelated:
// CHECK-NOT: instrumented
__attribute__((noinline)) static void unrelated(double *data, int n) {
  for (int i = 0; i < n; i++) data[i] = i;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window, *data = malloc(8 * sizeof(double));
  MPI_Win win;
  MPI_Win_allocate(8 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window,
                   &win);
  struct Exchange exchange = {8, malloc(8 * sizeof(double))};
  double *buffers[2] = {malloc(sizeof(double)), NULL};
  global_buffer = malloc(sizeof(double));
  MPI_Win_fence(0, win);
  MPI_Put(exchange.buffer, 8, MPI_DOUBLE, 0, 0, 8, MPI_DOUBLE, win);
  MPI_Get(buffers[0], 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
  MPI_Get(global_buffer, 1, MPI_DOUBLE, 0, 1, 1, MPI_DOUBLE, win);
  through_struct(&exchange);
  through_array(buffers, argc - 1);
  through_global();
  unrelated(data, 8);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
