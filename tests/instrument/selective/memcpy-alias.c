// Aliases made by copying pointers as bytes must not be lost (the reference tool misses
// 008-MPI-misc-get-load-memcpy-local-yes this way): memcpy of a pointer (an intrinsic at -O0, i64
// loads and stores at -O2) and a byte-wise copy through volatile chars.
// RUN: %clang %mpi_cflags -O0 -g -S -emit-llvm %s -o %t.O0.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.O0.ll 2>&1 | FileCheck %s
// RUN: %clang %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.O2.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.O2.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_bytes(void *to, const void *from, size_t n) {
  for (size_t i = 0; i < n; i++) ((volatile char *)to)[i] = ((const volatile char *)from)[i];
}

int main(int argc, char **argv) {
  int rank, value = 1, *buf = &value, *win_base;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win_base, &win);
  MPI_Win_fence(0, win);
  int *buf_alias, *byte_alias;
  volatile int *unrelated = malloc(sizeof(int));
  memcpy(&buf_alias, &buf, sizeof(int *));
  copy_bytes(&byte_alias, &buf, sizeof(int *));
  if (rank == 0) {
    MPI_Get(buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    // CHECK-DAG: load [[# @LINE + 1]]:{{[0-9]+}} instrumented
    printf("*buf_alias is %d\n", *buf_alias);
    // CHECK-DAG: load [[# @LINE + 1]]:{{[0-9]+}} instrumented
    printf("*byte_alias is %d\n", *byte_alias);
    // CHECK-DAG: load [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
    printf("*unrelated is %d\n", *unrelated);
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
