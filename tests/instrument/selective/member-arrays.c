// Arrays inside a struct: a variable index stays in its array (C confines it there), so a struct
// that keeps its window pointer next to arrays of heap lists keeps them apart. The lists that are
// never RMA buffers are not RMA-relevant, and the loads through the window pointer certainly touch
// window memory: their inline check starts with the repeat filter and has no page filter (a window
// is always tracked). Before, the store of a list's heap pointer at a variable index counted as a
// store anywhere in the struct, so every pointer in it seemed to point to every list and to the
// window.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -passes=rmarace -rmarace-whole-program -S %t.ll | FileCheck --check-prefix=IR %s
// Full mode checks every access, and also leaves out the page filter for window memory.
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %t.ll 2>&1 | FileCheck --check-prefix=FULL %s
#include <mpi.h>
#include <stdlib.h>

enum { kSwaps = 6 };

typedef struct {
  int n;
  double *at;
} List;

typedef struct {
  double *x; // positions, in the window
  List send[kSwaps]; // origin buffers of MPI_Put
  List recv[kSwaps]; // never given to MPI
  double shift[kSwaps];
  MPI_Win win;
} Sim;

__attribute__((noinline)) static void fill(Sim *s, int swap, int n) {
  s->send[swap].at = malloc(sizeof(double) * (size_t)n);
  s->send[swap].n = n;
  s->recv[swap].at = malloc(sizeof(double) * (size_t)n);
  s->recv[swap].n = n;
}

// CHECK-LABEL: function unpack:
__attribute__((noinline)) static void unpack(Sim *s, int swap, const int *order) {
  for (int i = 0; i < s->recv[swap].n; i++)
    // CHECK: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
    s->recv[swap].at[order[i]] = s->shift[swap] + i;
}

// CHECK-LABEL: function sum:
// IR-LABEL: define internal fastcc double @sum(
// IR-NOT: __rmarace_page_map
// IR: load {{.*}} @__rmarace_repeat_table
// IR-NOT: __rmarace_page_map
// IR: call void @__rmarace_access
// IR-NOT: __rmarace_page_map
// IR: {{^}}}{{$}}
__attribute__((noinline)) static double sum(const Sim *s, const int *order, int n) {
  double total = 0.0;
  for (int i = 0; i < n; i++)
    // CHECK: load [[# @LINE + 2]]:{{[0-9]+}} instrumented: window memory
    // FULL: load [[# @LINE + 1]]:{{[0-9]+}} instrumented: window memory
    total += s->x[3 * order[i]];
  return total;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Sim s = {0};
  MPI_Win_allocate(300 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &s.x,
                   &s.win);
  int order[100];
  for (int i = 0; i < 100; i++) order[i] = (7 * i) % 100;
  for (int swap = 0; swap < kSwaps; swap++) {
    fill(&s, swap, 100);
    unpack(&s, swap, order);
  }
  MPI_Win_fence(0, s.win);
  MPI_Put(s.send[0].at, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, s.win);
  MPI_Win_fence(0, s.win);
  double total = sum(&s, order, 100);
  MPI_Win_free(&s.win);
  MPI_Finalize();
  return total > 0.0;
}
