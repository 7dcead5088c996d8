// Loop nests kept checkable as rows (KeepNestsPass.h): before the vectoriser, the inner loop of a
// nest whose access strides along it and walks densely along its parent is marked as neither
// vectorised, interleaved nor unrolled, so that the instrumentation, last in the pipeline, still
// sees the nest and checks the strided side as rows before it.
// RUN: %clang %mpi_cflags -O2 -g -fno-vectorize -fno-unroll-loops -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=rmarace-keep-nests -pass-remarks=rmarace-keep-nests -disable-output %t.ll \
// RUN:   2>&1 | FileCheck %s --check-prefix=MARK --implicit-check-not=remark:
// RUN: %opt -passes=rmarace-keep-nests -S %t.ll -o - | FileCheck %s --check-prefix=MD
// Through clang's whole -O2 pipeline (vectoriser and unroller on):
// RUN: %clang %mpi_cflags -O2 -g -fpass-plugin=%plugin -Xclang -load -Xclang %plugin \
// RUN:   -mllvm -rmarace-mode=full -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
#include <mpi.h>

// The source walks down the columns: marked, and both sides are rows before the nest.
// MARK: remark: {{.*}}keep-nests.c:[[@LINE+10]]:{{[0-9]+}}: loop not vectorised or unrolled: rmarace checks its strided accesses as rows before the enclosing loop
// One check of rows per side, before the nest (a vectorised inner loop would have one per version
// of it, in the outer loop):
// IR-LABEL: define {{.*}}void @transpose(
// IR: call void @__rmarace_{{read|write}}_rows(
// IR: call void @__rmarace_{{read|write}}_rows(
// IR-NOT: call void @__rmarace_
// IR: ret void
void transpose(double *b, const double *a, long order, long i0, long j0, long t) {
  for (long i = i0; i < i0 + t; i++)
    for (long j = j0; j < j0 + t; j++) b[i * order + j] += a[j * order + i];
}

// Dense along the inner loop on both sides: vectorised as usual (ranges per row).
void copy_rows(double *b, const double *a, long n, long m) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) b[i * m + j] = a[i * m + j];
}

// A call in the inner loop: the checks stay in it anyway.
void with_call(double *b, const double *a, long order, MPI_Win win) {
  for (long i = 0; i < order; i++)
    for (long j = 0; j < order; j++) {
      b[i * order + j] = a[j * order + i];
      MPI_Win_sync(win);
    }
}

// The programmer's own hint wins.
void hinted(double *b, const double *a, long order) {
  for (long i = 0; i < order; i++)
#pragma clang loop vectorize(enable)
    for (long j = 0; j < order; j++) b[i * order + j] = a[j * order + i];
}

// The marked loop (the inner one, whose latch comes second) keeps its metadata and gets the three
// hints.
// MD-LABEL: define {{.*}}void @transpose(
// MD: !llvm.loop ![[OUTER:[0-9]+]]
// MD: !llvm.loop ![[INNER:[0-9]+]]
// MD: ![[INNER]] = distinct !{![[INNER]], {{.*}}![[WIDTH:[0-9]+]], ![[COUNT:[0-9]+]], ![[UNROLL:[0-9]+]]}
// MD-DAG: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 1}
// MD-DAG: ![[COUNT]] = !{!"llvm.loop.interleave.count", i32 1}
// (the unroll.disable node is the one -fno-unroll-loops gave every loop: defined earlier)
