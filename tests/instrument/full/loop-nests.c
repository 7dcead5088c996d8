// Loop range analysis on nests of two loops (LoopRanges.h): when the outer loop runs the inner
// one completely in every iteration, with the same trip count, and nothing in the nest may
// synchronise, an access that walks densely along one of the two loops and by a constant stride
// along the other touches rows of equal length; one check of the rows before the outer loop
// stands for all its iterations, at the access's own line.
// RUN: %clang %mpi_cflags -O2 -g -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -passes=rmarace -rmarace-mode=full -S %t.ll -o - | FileCheck %s --check-prefix=IR
#include <mpi.h>

// The destination along the rows, the source down the columns: both are rows.
// CHECK-LABEL: function transpose:
// CHECK-NEXT: load [[@LINE+10]]:{{[0-9]+}} hoisted: one check of rows before the loop
// CHECK-NEXT: store [[@LINE+9]]:{{[0-9]+}} hoisted: one check of rows before the loop
// The source's rows are the columns: order elements apart, one element per row of the nest.
// IR-LABEL: define {{.*}}void @transpose(
// IR-DAG: call void @__rmarace_read_rows(i8* {{%.*}}, i64 {{%.*}}, i64 %{{.*}}, i64 {{%.*}},
// IR-DAG: call void @__rmarace_write_rows(
// IR-NOT: call void @__rmarace_access
// IR: ret void
void transpose(double *b, const double *a, long order) {
  for (long i = 0; i < order; i++)
    for (long j = 0; j < order; j++) b[i * order + j] = a[j * order + i];
}

// A tile of a larger matrix: the inner trip count does not change with the outer loop.
// CHECK-LABEL: function tile:
// CHECK-NEXT: load [[@LINE+5]]:{{[0-9]+}} hoisted: one check of rows before the loop
// CHECK-NEXT: load [[@LINE+4]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+4]]
// CHECK-NEXT: store [[@LINE+3]]:{{[0-9]+}} hoisted: one check of rows before the loop
void tile(double *b, const double *a, long order, long i0, long j0, long t) {
  for (long i = i0; i < i0 + t; i++)
    for (long j = j0; j < j0 + t; j++) b[i * order + j] += a[j * order + i];
}

// A triangle: the inner trip count grows with the outer loop, so each row keeps its own range.
// CHECK-LABEL: function triangle:
// CHECK-NEXT: load [[@LINE+4]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+4]]
// CHECK-NEXT: store [[@LINE+3]]:{{[0-9]+}} hoisted: one range check before the loop{{$}}
void triangle(double *w, long n) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < i; j++) w[i * n + j] += 1;
}

// Strided along both loops: no row spans more than one element, so the inner loop's own rows.
// CHECK-LABEL: function sparse:
// CHECK-NEXT: store [[@LINE+6]]:{{[0-9]+}} hoisted: one check of rows before the loop
// IR-LABEL: define {{.*}}void @sparse(
// IR: call void @__rmarace_write_rows(i8* {{%.*}}, i64 8, i64 {{%.*}}, i64 %{{.*}},
// IR: br label
void sparse(double *w, long n) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) w[2 * i + 4 * n * j] = 0;
}

// A reversed outer loop: a negative stride between the rows.
// CHECK-LABEL: function reversed_rows:
// CHECK-NEXT: load [[@LINE+4]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+4]]
// CHECK-NEXT: store [[@LINE+3]]:{{[0-9]+}} hoisted: one check of rows before the loop
void reversed_rows(double *w, long n) {
  for (long i = n - 1; i >= 0; i--)
    for (long j = 0; j < 8; j++) w[i * 2 * n + j] += 1;
}

// A call that may synchronise in the outer loop: only the inner loop's range.
// CHECK-LABEL: function flushing_rows:
// CHECK-NEXT: load [[@LINE+4]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+4]]
// CHECK-NEXT: store [[@LINE+3]]:{{[0-9]+}} hoisted: one range check before the loop{{$}}
void flushing_rows(double *w, long n, MPI_Win win) {
  for (long i = 0; i < n; i++) {
    for (long j = 0; j < n; j++) w[i * n + j] += 1;
    MPI_Win_flush(0, win);
  }
}

// The inner loop runs only in some iterations of the outer one: only its own range.
// CHECK-LABEL: function some_rows:
// CHECK: store [[@LINE+4]]:{{[0-9]+}} hoisted: one range check before the loop{{$}}
void some_rows(double *w, long n, const int *skip) {
  for (long i = 0; i < n; i++)
    if (!skip[i])
      for (long j = 0; j < n; j++) w[i * 2 * n + j] += 1;
}

void end(void) {}
