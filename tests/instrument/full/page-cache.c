// Page cache analysis (PageCache.h): an access that walks memory with a small step, or stays at
// one address, in a loop with nothing in it that may synchronise keeps the last page its filter
// found unmarked, and runs the filter only on another page. Random indices, strides of half a
// page or more, loops that may synchronise and window memory (no page filter) keep theirs.
// RUN: %clang %mpi_cflags -O2 -g -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -rmarace-page-caches=false -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -rmarace-once-per-loop=false -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=NOONCE
// RUN: %opt -passes=rmarace -rmarace-mode=full -S %t.ll -o - | FileCheck %s --check-prefix=IR
#include <mpi.h>

// An early exit: no range check before the loop, but the page is kept.
// CHECK-LABEL: function search:
// CHECK-NEXT: load [[@LINE+16]]:{{[0-9]+}} instrumented, page kept across iterations
// OFF-LABEL: function search:
// OFF-NEXT: load [[@LINE+14]]:{{[0-9]+}} instrumented{{$}}
// The header's phi starts as no page (-1) on entry; the filter runs when the page differs, and
// the page it found unmarked comes back around the loop.
// IR-LABEL: define {{.*}}i64 @search(
// IR: [[LAST:%rmarace.page[0-9]*]] = phi i64 [ -1, %{{.*}} ], [ [[NEXT:%rmarace.page[0-9]*]], %{{.*}} ]
// IR: [[PAGE:%.*]] = lshr i64 {{%.*}}, 12
// IR-NEXT: [[DIFFERS:%.*]] = icmp ne i64 [[PAGE]], [[LAST]]
// IR-NEXT: br i1 [[DIFFERS]]
// IR: getelementptr inbounds %rmarace.page_map, %rmarace.page_map* @__rmarace_page_map, i32 0, i32 0,
// IR: [[FILTERED:%rmarace.page[0-9]*]] = phi i64 [ [[PAGE]], %{{.*}} ], [ [[LAST]], %{{.*}} ]
// IR: [[NEXT]] = phi i64 [ [[PAGE]], %{{.*}} ], [ [[FILTERED]], %{{.*}} ]
// IR: ret i64
long search(const long *a, long n, long key) {
  for (long i = 0; i < n; i++)
    if (a[i] == key) return i;
  return -1;
}

// A conditional store at an address that does not change, and a conditional load of a walk:
// both kept; the random index is not. The store is checked once per loop entry instead
// (once-per-loop.c), which needs no page, unless that is turned off.
// CHECK-LABEL: function gather:
// CHECK-NEXT: load [[@LINE+9]]:{{[0-9]+}} instrumented, page kept across iterations
// CHECK-NEXT: load [[@LINE+9]]:{{[0-9]+}} instrumented{{$}}
// CHECK-NEXT: load [[@LINE+9]]:{{[0-9]+}} skipped: covered
// CHECK-NEXT: store [[@LINE+8]]:{{[0-9]+}} instrumented, checked once per loop entry{{$}}
// CHECK-NEXT: load [[@LINE+8]]:{{[0-9]+}} instrumented, page kept across iterations
// NOONCE-LABEL: function gather:
// NOONCE: store [[@LINE+5]]:{{[0-9]+}} instrumented, page kept across iterations
long gather(const long *index, const long *values, long *total, long n) {
  long last = 0;
  for (long i = 0; i < n && index[i] >= 0; i++) {
    long v = values[index[i]];
    if (v > 0) *total += v;
    if (v < 0) last = index[i + 1];
  }
  return last;
}

// A stride of a page: a new page in every iteration (the load of p[0] stays at one address).
// CHECK-LABEL: function pages:
// CHECK: store [[@LINE+2]]:{{[0-9]+}} instrumented{{$}}
void pages(char *p, long n) {
  for (long i = 0; n > 0 && p[0] != 0; i += 4096) p[i] = 1;
}

// A call that may synchronise: the runtime may track memory during the loop.
// CHECK-LABEL: function synchronising:
// CHECK-NEXT: load [[@LINE+3]]:{{[0-9]+}} instrumented{{$}}
void synchronising(const long *a, long n, MPI_Win win) {
  for (long i = 0; i < n; i++)
    if (a[i] == 0) MPI_Win_flush_all(win);
}
