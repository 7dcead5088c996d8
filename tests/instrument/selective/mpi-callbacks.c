// Functions handed to MPI are called by MPI with arguments the analysis cannot see: a user-defined
// reduction operation may be applied to any data buffer of a reduction, so those buffers escape,
// and when one of them is RMA memory the operation's accesses are instrumented.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

// CHECK-LABEL: function maximum:
// CHECK: store [[# @LINE + 4]]:{{[0-9]+}} instrumented
static void maximum(void *in, void *inout, int *count, MPI_Datatype *type) {
  double *a = in, *b = inout;
  for (int i = 0; i < *count; i++)
    if (a[i] > b[i]) b[i] = a[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window, local = 1.0;
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  MPI_Op op;
  MPI_Op_create(maximum, 1, &op);
  MPI_Allreduce(&local, window, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
