// Code outside the analysed program (here: a library function without definition) may perform
// RMA on any memory it can reach, so memory that escaped to it is relevant, and so is everything
// reached through pointers it returns. Memory that never escaped stays irrelevant.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

void library_fill(double *data, int n);
double *library_buffer(void);

// CHECK: unknown memory is relevant because of calls library_fill
// CHECK: unknown memory is relevant because of calls library_buffer
// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *shared = malloc(4 * sizeof(double)), *private = malloc(4 * sizeof(double));
  library_fill(shared, 4);
  double *outside = library_buffer();
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)shared)[0] = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  outside[0] = 2.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  ((volatile double *)private)[0] = 3.0;
  MPI_Finalize();
  return 0;
}
