// Loop range analysis (LoopRanges.h) on the copies of one access that the vectoriser's
// interleaving and the unroller make: together they walk memory densely, so the copy at the
// lowest address is checked once, as the range of them all, before the loop, and the others are
// covered by it; copies that leave gaps between them keep their checks.
// RUN: %clang %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -passes=rmarace -rmarace-mode=full -S %t.ll -o - | FileCheck %s --check-prefix=IR

// Two vectors of two doubles per access and iteration: 32 bytes per iteration.
// CHECK-LABEL: function copy:
// CHECK-NOT: instrumented
// CHECK: load [[@LINE+10]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: load [[@LINE+9]]:[[LOAD:[0-9]+]] skipped: covered by the access at [[@LINE+9]]:[[LOAD]]
// CHECK-NEXT: store [[@LINE+8]]:{{[0-9]+}} hoisted: one range check before the loop
// CHECK-NEXT: store [[@LINE+7]]:[[STORE:[0-9]+]] skipped: covered by the access at [[@LINE+7]]:[[STORE]]
// CHECK-LABEL: function dense_unrolled:
// IR-LABEL: define {{.*}}void @copy(
// IR-NOT: call void @__rmarace_access
// IR: ret void
void copy(double *w, const double *v, long n) {
#pragma clang loop vectorize_width(2) interleave_count(2)
  for (long i = 0; i < n; i++) w[i] = v[i];
}

// Four scalar copies of one store, 8 bytes apart, 32 bytes per iteration.
// CHECK-NOT: instrumented
// CHECK: store [[@LINE+5]]:[[UNROLLED:[0-9]+]] hoisted: one range check before the loop
// CHECK: store [[@LINE+4]]:[[UNROLLED]] skipped: covered by the access at [[@LINE+4]]:[[UNROLLED]]
// CHECK-LABEL: function sparse_unrolled:
void dense_unrolled(double *w, long n) {
#pragma clang loop vectorize(disable) unroll_count(4)
  for (long i = 0; i < n; i++) w[i] = 1;
}

// Every other element: two copies 16 bytes apart, 32 bytes per iteration, with gaps. No range
// covers them; each copy is checked as its own rows of 8 bytes, 32 bytes apart.
// CHECK-NOT: range check
// CHECK-NOT: covered
// CHECK: store [[@LINE+5]]:{{[0-9]+}} hoisted: one check of rows before the loop
// CHECK: store [[@LINE+4]]:{{[0-9]+}} hoisted: one check of rows before the loop
// CHECK-LABEL: function reversed_vector:
void sparse_unrolled(double *w, long n) {
#pragma clang loop vectorize(disable) unroll_count(2)
  for (long i = 0; i < n; i++) w[2 * i] = 1;
}

// A reversed vector loop: its loads are covered by the stores to the same bytes, and the store at
// the lowest address stands for the four.
// CHECK: store [[@LINE+5]]:[[REVERSED:[0-9]+]] skipped: covered by the access at [[@LINE+5]]:[[REVERSED]]
// CHECK: store [[@LINE+4]]:[[REVERSED]] hoisted: one range check before the loop
// CHECK-LABEL: function end:
void reversed_vector(double *w, long n) {
#pragma clang loop vectorize_width(2) interleave_count(2)
  for (long i = n - 1; i >= 0; i--) w[i] += 1;
}

void end(void) {}
