// Loop range analysis (LoopRanges.h): a load or store that walks memory densely in every
// iteration of a loop with nothing in it that may synchronise is checked once, as a range before
// the loop, at its own line; every other access of a loop keeps its per-iteration check.
// RUN: %clang %mpi_cflags -O2 -g -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -rmarace-loop-ranges=false -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %opt -passes=rmarace -rmarace-mode=full -S %t.ll -o - | FileCheck %s --check-prefix=IR
#include <mpi.h>
#include <pthread.h>

// CHECK-LABEL: function forward:
// CHECK-NEXT: store [[@LINE+10]]:{{[0-9]+}} hoisted: one range check before the loop
// OFF-LABEL: function forward:
// OFF-NEXT: store [[@LINE+8]]:{{[0-9]+}} instrumented
// The check runs only when the loop is entered, over n elements of 8 bytes.
// IR-LABEL: define {{.*}}void @forward(
// IR: [[LENGTH:%.*]] = shl i64 %1, 3
// IR: call void @__rmarace_write_range(i8* {{%.*}}, i64 [[LENGTH]],
// IR-NOT: call void @__rmarace_access
// IR: ret void
void forward(double *w, long n) {
  for (long i = 0; i < n; i++) w[i] = (double)i;
}

// Nested loops: the rows of the nest (loop-nests.c), checked only when the inner loop runs: the
// guard m > 0 that loop rotation put in front of it, tested before the nest, turns the row count
// to 0 otherwise.
// CHECK-LABEL: function rows:
// CHECK-NEXT: load [[@LINE+10]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+10]]
// CHECK-NEXT: store [[@LINE+9]]:{{[0-9]+}} hoisted: one check of rows before the loop
// IR-LABEL: define {{.*}}void @rows(
// IR: [[GUARD:%.*]] = icmp sgt i64 %2, 0
// IR: [[ROWS:%.*]] = select i1 [[GUARD]], i64 %1, i64 0
// IR: call void @__rmarace_write_rows(i8* {{%.*}}, i64 {{%.*}}, i64 {{%.*}}, i64 [[ROWS]],
// IR-NOT: call void @__rmarace_
// IR: ret void
void rows(double *w, long n, long m) {
  for (long r = 0; r < n; r++)
    for (long c = 0; c < m; c++) w[r * m + c] += 1;
}

// A dense read next to an indirect (non-affine) write.
// CHECK-LABEL: function indirect:
// CHECK-NEXT: load [[@LINE+3]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: store [[@LINE+2]]:{{[0-9]+}} instrumented
void indirect(double *w, const int *idx, long n) {
  for (long i = 0; i < n; i++) w[idx[i]] = 1;
}

// A stride of two elements leaves gaps a range would include: one row of 8 bytes per iteration,
// 16 bytes apart.
// CHECK-LABEL: function strided:
// CHECK-NEXT: store [[@LINE+6]]:{{[0-9]+}} hoisted: one check of rows before the loop
// IR-LABEL: define {{.*}}void @strided(
// IR: call void @__rmarace_write_rows(i8* {{%.*}}, i64 8, i64 16, i64 {{%.*}},
// IR-NOT: call void @__rmarace_access
// IR: ret void
void strided(double *w, long n) {
  for (long i = 0; i < n; i++) w[2 * i] = 0;
}

// A reversed loop walks down from its last element.
// CHECK-LABEL: function reversed:
// CHECK-NEXT: load [[@LINE+3]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: store [[@LINE+2]]:{{[0-9]+}} hoisted: one range check before the loop
void reversed(double *w, const double *v, long n) {
  for (long i = n - 1; i >= 0; i--) w[i] = v[i];
}

// A call that may synchronise in the body.
// CHECK-LABEL: function flushing:
// CHECK-NEXT: store [[@LINE+3]]:{{[0-9]+}} instrumented
void flushing(double *w, long n, MPI_Win win) {
  for (long i = 0; i < n; i++) {
    w[i] = 0;
    MPI_Win_flush(0, win);
  }
}

// An early exit: the trip count is not known on entry.
// CHECK-LABEL: function early_exit:
// CHECK-NEXT: load [[@LINE+4]]:{{[0-9]+}} instrumented
long early_exit(const int *w, long n) {
  long i;
  for (i = 0; i < n; i++)
    if (w[i] == 0)
      break;
  return i;
}

// An access that does not happen in every iteration.
// CHECK-LABEL: function conditional:
// CHECK-NEXT: store [[@LINE+4]]:{{[0-9]+}} instrumented
void conditional(int *w, long n) {
  for (long i = 0; i < n; i++)
    if (i % 3 == 0)
      w[i] = 0;
}

// A call that orders the rank's threads in the body.
// CHECK-LABEL: function locking:
// CHECK-NEXT: store [[@LINE+4]]:{{[0-9]+}} instrumented
void locking(double *w, long n, pthread_mutex_t *mutex) {
  for (long i = 0; i < n; i++) {
    pthread_mutex_lock(mutex);
    w[i] = 0;
    pthread_mutex_unlock(mutex);
  }
}

// Copies of a constant length (checked like loads and stores of that size): the destination
// records written one after another are one range; the sources, gathered through an index, keep
// their per-iteration checks; the store into each copied record is covered by the copy. A
// volatile copy (of a volatile structure) keeps its checks.
// CHECK-LABEL: function gather_records:
// CHECK-NEXT: load [[@LINE+15]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: range-read [[@LINE+14]]:{{[0-9]+}} instrumented{{$}}
// CHECK-NEXT: range-write [[@LINE+13]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: load [[@LINE+13]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+12]]
// CHECK-NEXT: store [[@LINE+12]]:{{[0-9]+}} skipped: covered by the access at [[@LINE+11]]
// CHECK-LABEL: function gather_volatile:
// CHECK: range-read [[@LINE+18]]:{{[0-9]+}} instrumented{{$}}
// CHECK-NEXT: range-write [[@LINE+17]]:{{[0-9]+}} instrumented, page kept across iterations
// IR-LABEL: define {{.*}}void @gather_records(
// IR: call void @__rmarace_write_range(i8* {{%.*}}, i64 {{%.*}},
// IR: call void @__rmarace_access({{.*}}, i64 24, i32 9,
// IR-NOT: call void @__rmarace_access({{.*}}, i64 24, i32 10,
// IR: ret void
void gather_records(double *dst, const double *src, const int *index, long n) {
  for (long t = 0; t < n; t++) {
    __builtin_memcpy(dst + 3 * t, src + 3 * index[t], 3 * sizeof(double));
    dst[3 * t] += 1.0;
  }
}
struct record {
  double x[3];
};
void gather_volatile(volatile struct record *dst, const struct record *src, const int *index,
                     long n) {
  for (long t = 0; t < n; t++) dst[t] = src[index[t]];
}
