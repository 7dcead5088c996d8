// What a variable index into an array member may reach: the whole outermost array, also when the
// program walks an array of arrays as one (`t->rows[0][k]` over all of `rows[2][2]`), and the
// whole object for a one-element last member that the allocation extends (`slot[1]`). Pointer
// arithmetic from an element of an array of structs (`lists[k].at` with `lists = t->lists`)
// reaches the whole array, not the element's first member. A buffer stored anywhere there and
// given to MPI_Put through such an index stays RMA-relevant.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *at;
} List;

typedef struct {
  double *rows[2][2];
  List lists[3];
  double *spare;
} Table;

typedef struct {
  int count;
  double *slot[1]; // allocated with more slots
} Extended;

__attribute__((noinline)) static void put_flat(Table *t, int k, MPI_Win win) {
  MPI_Put(t->rows[0][k], 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
}

__attribute__((noinline)) static void put_list(const List *lists, int k, MPI_Win win) {
  MPI_Put(lists[k].at, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
}

__attribute__((noinline)) static void put_extended(Extended *e, int k, MPI_Win win) {
  MPI_Put(e->slot[k], 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win);
}

// CHECK-LABEL: function fill:
__attribute__((noinline)) static void fill(Table *t, Extended *e) {
  // CHECK: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  t->rows[1][1][0] = 1.0;
  // CHECK: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  e->slot[2][0] = 2.0;
  // CHECK: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  t->lists[2].at[0] = 5.0;
  // CHECK: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  t->spare[0] = 3.0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double *window;
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  Table t;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) t.rows[i][j] = malloc(sizeof(double));
  t.spare = calloc(1, sizeof(double));
  t.lists[0].at = malloc(sizeof(double));
  t.lists[1].at = malloc(sizeof(double));
  t.lists[2].at = malloc(sizeof(double));
  Extended *e = malloc(sizeof(Extended) + 2 * sizeof(double *));
  e->count = 3;
  e->slot[0] = malloc(sizeof(double));
  ((double **)e->slot)[1] = malloc(sizeof(double));
  ((double **)e->slot)[2] = malloc(sizeof(double));
  fill(&t, e);
  MPI_Win_fence(0, win);
  put_flat(&t, argc + 2, win);
  put_extended(e, argc + 1, win);
  put_list(t.lists, argc, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
