// Pointers crossing translation units. Compiled on its own, Inputs/kernels.c must instrument every
// access of its externally visible kernels: any caller may pass RMA memory. Linked with this file
// into one module and analysed as a whole program, only pack's stores into the origin buffer
// remain: one check for both, since they store to adjacent bytes (adjacent.ll).
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.main.ll
// RUN: %clang -O1 -g -S -emit-llvm %S/Inputs/kernels.c -o %t.kernels.ll
// RUN: %opt -passes='print<rmarace-plan>' -disable-output %t.kernels.ll 2>&1 | FileCheck %s --check-prefix=UNIT
// RUN: llvm-link-14 -S %t.main.ll %t.kernels.ll -o %t.whole.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.whole.ll 2>&1 | FileCheck %s --check-prefix=WHOLE
#include <mpi.h>
#include <stdlib.h>

void smooth(double *grid, int n);
void pack(double *out, const double *grid, int n);

// UNIT-LABEL: function smooth:
// UNIT-NOT: cannot touch RMA memory
// UNIT-LABEL: function pack:
// UNIT-NOT: cannot touch RMA memory

// WHOLE-LABEL: function main:
// WHOLE-LABEL: function smooth:
// WHOLE-NOT: instrumented
// WHOLE-LABEL: function pack:
// WHOLE-NEXT: load {{.*}} skipped: cannot touch RMA memory
// WHOLE-NEXT: store [[FIRST:[0-9]+:[0-9]+]] instrumented
// WHOLE-NEXT: load {{.*}} skipped: cannot touch RMA memory
// WHOLE-NEXT: store {{.*}} skipped: covered by the access at [[FIRST]]
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = 100;
  double *grid = calloc(n, sizeof(double)), *out = malloc(2 * sizeof(double)), *in;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &in, &win);
  MPI_Win_fence(0, win);
  for (int step = 0; step < 10; step++) {
    smooth(grid, n);
    pack(out, grid, n);
    MPI_Put(out, 2, MPI_DOUBLE, 0, 0, 2, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
