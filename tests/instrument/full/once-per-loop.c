// Once-per-loop analysis (OncePerLoop.h): an access at an address that stays the same while a
// loop nest that cannot synchronise runs is checked the first time it runs after the outermost
// such loop is entered. Addresses that change, loops that may synchronise, volatile and atomic
// accesses keep their checks; accesses a range check before the loop covers need no flag.
// RUN: %clang %mpi_cflags -O2 -g -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -rmarace-once-per-loop=false -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %opt -passes=rmarace -rmarace-mode=full -S %t.ll -o - | FileCheck %s --check-prefix=IR
#include <mpi.h>

// A conditional load of a bound: no range (it does not run in every iteration), checked once.
// CHECK-LABEL: function count_above:
// CHECK-NEXT: load [[@LINE+15]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: load [[@LINE+14]]:{{[0-9]+}} instrumented, checked once per loop entry{{$}}
// OFF-LABEL: function count_above:
// OFF: load [[@LINE+12]]:{{[0-9]+}} instrumented, page kept across iterations{{$}}
// The flag is false on entry and true after the check; the check runs while it is false.
// IR-LABEL: define {{.*}}i64 @count_above(
// IR: [[CHECKED:%rmarace.checked[0-9]*]] = phi i1 [ false, %{{.*}} ], [ [[AFTER:%rmarace.checked[0-9]*]], %{{.*}} ]
// IR: [[FIRST:%rmarace.first[0-9]*]] = xor i1 [[CHECKED]], true
// IR-NEXT: br i1 [[FIRST]]
// IR: call void @__rmarace_access({{.*}}, i64 8, i32 9,
// IR: [[AFTER]] = phi i1 [ [[CHECKED]], %{{.*}} ], [ true, %{{.*}} ]
// IR: ret i64
long count_above(const long *limit, const long *v, long n) {
  long count = 0;
  for (long i = 0; i < n; i++)
    if (v[i] > 0 && v[i] > *limit) count++;
  return count;
}

// The current atom's position in a search over neighbouring cells: the same address in the
// cells' loop and the candidates' loop, a new one for each atom; the candidates' positions change.
// CHECK-LABEL: function neighbours:
// CHECK: load [[@LINE+12]]:{{[0-9]+}} instrumented{{$}}
// CHECK-NEXT: load [[@LINE+11]]:{{[0-9]+}} instrumented, checked once per loop entry{{$}}
// OFF-LABEL: function neighbours:
// OFF-NOT: checked once
// OFF: function
long neighbours(const double *x, const int *start, const int *atoms, int n) {
  long count = 0;
  for (int i = 0; i < n; i++)
    for (int cell = 0; cell < 2; cell++)
      for (int k = start[i]; k < start[i + 1]; k++) {
        int j = atoms[k];
        if (j == i) continue;
        if (x[3 * j] - x[3 * i] < 1.0) count++;
      }
  return count;
}

// A call that may synchronise, a volatile load and an atomic one: checked every time.
// CHECK-LABEL: function synchronising:
// CHECK-NOT: checked once
// CHECK-LABEL: function volatile_bound:
// CHECK-NOT: checked once
// CHECK-LABEL: function atomic_bound:
// CHECK-NOT: checked once
// The bound is loaded in every iteration: one range check before the loop, no flag.
// CHECK-LABEL: function sum_scaled:
// CHECK-NEXT: load [[@LINE+24]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: load [[@LINE+23]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: store [[@LINE+22]]:{{[0-9]+}} hoisted: one range check before the loop
long synchronising(const long *limit, const long *v, long n, MPI_Win win) {
  long count = 0;
  for (long i = 0; i < n; i++) {
    if (v[i] > *limit) count++;
    MPI_Win_flush_all(win);
  }
  return count;
}
long volatile_bound(volatile long *limit, const long *v, long n) {
  long count = 0;
  for (long i = 0; i < n; i++)
    if (v[i] > 0 && v[i] > *limit) count++;
  return count;
}
long atomic_bound(_Atomic long *limit, const long *v, long n) {
  long count = 0;
  for (long i = 0; i < n; i++)
    if (v[i] > 0 && v[i] > *limit) count++;
  return count;
}
void sum_scaled(double *out, const double *scale, const double *v, long n) {
  for (long i = 0; i < n; i++) out[i] = v[i] * *scale;
}
