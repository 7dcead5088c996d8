// An origin buffer given as MPI_BOTTOM is described by absolute addresses in the datatype: the
// memory whose address MPI_Get_address took is relevant, and since addresses may also come from
// integer casts, so is every escaped object.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

// CHECK: unknown memory is relevant because of an MPI buffer given by absolute addresses (MPI_BOTTOM)
// CHECK-LABEL: function main:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window, *described = malloc(sizeof(double)), *cast = malloc(sizeof(double));
  double *other = malloc(sizeof(double));
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  MPI_Aint address;
  MPI_Get_address(described, &address);
  MPI_Datatype type;
  MPI_Type_create_hindexed_block(1, 1, &address, MPI_DOUBLE, &type);
  MPI_Type_commit(&type);
  volatile uintptr_t leaked = (uintptr_t)cast;
  MPI_Win_fence(0, win);
  MPI_Get(MPI_BOTTOM, 1, type, 0, 0, 1, MPI_DOUBLE, win);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)described)[0] = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  ((volatile double *)cast)[0] = 2.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  ((volatile double *)other)[0] = 3.0;
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return (int)leaked;
}
