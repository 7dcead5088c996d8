; Adjacent accesses (ClusterAnalysis.h): after the cluster analysis, loads (or stores) of one base
; whose bytes touch or overlap, in a stretch of a block with no call that may synchronise and
; nothing that may stop execution, are one check of their contiguous span (at most a 64-byte
; line) at the lowest of them; never across a gap, across kinds, or beyond 64 bytes.
; RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=rmarace -rmarace-mode=full -S %s -o - | FileCheck %s --check-prefix=IR

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @MPI_Win_fence(i32, i8*)

; The three coordinates of an atom, loaded last to first (as clang orders minimd's dx, dy, dz).
; CHECK-LABEL: function atom:
; CHECK-NEXT: load 2:3 skipped: covered by the access at 2:1
; CHECK-NEXT: load 2:2 skipped: covered by the access at 2:1
; CHECK-NEXT: load 2:1 instrumented
; IR-LABEL: define double @atom(
; IR: call void @__rmarace_access(i8* {{%.*}}, i64 24,
; IR-NOT: call void @__rmarace_access
; IR: ret double
define double @atom(double* %x) !dbg !5 {
  %p2 = getelementptr double, double* %x, i64 2
  %z = load double, double* %p2, align 8, !dbg !10
  %p1 = getelementptr double, double* %x, i64 1
  %y = load double, double* %p1, align 8, !dbg !9
  %v = load double, double* %x, align 8, !dbg !8
  %s = fadd double %v, %y
  %t = fadd double %s, %z
  ret double %t
}

; A gap between them: two checks (one of them would cover bytes nobody accesses).
; CHECK-LABEL: function gap:
; CHECK-NEXT: load 4:1 instrumented
; CHECK-NEXT: load 4:2 instrumented
define double @gap(double* %x) !dbg !11 {
  %a = load double, double* %x, align 8, !dbg !12
  %p2 = getelementptr double, double* %x, i64 2
  %b = load double, double* %p2, align 8, !dbg !13
  %s = fadd double %a, %b
  ret double %s
}

; A load and a store stay apart; so do accesses on both sides of a call that may synchronise.
; CHECK-LABEL: function apart:
; CHECK-NEXT: load 6:1 instrumented
; CHECK-NEXT: store 6:2 instrumented
; CHECK-NEXT: load 6:3 instrumented
define void @apart(double* %x, i8* %win) !dbg !14 {
  %a = load double, double* %x, align 8, !dbg !15
  %p1 = getelementptr double, double* %x, i64 1
  store double %a, double* %p1, align 8, !dbg !16
  %f = call i32 @MPI_Win_fence(i32 0, i8* %win)
  %p2 = getelementptr double, double* %x, i64 2
  %b = load double, double* %p2, align 8, !dbg !17
  ret void
}

; Nine 8-byte stores in a row: the first eight are one 64-byte check, the ninth its own.
; CHECK-LABEL: function line:
; CHECK-NEXT: store 8:0 instrumented
; CHECK-COUNT-7: store 8:{{[1-7]}} skipped: covered by the access at 8:0
; CHECK-NEXT: store 8:8 instrumented
; IR-LABEL: define void @line(
; IR: call void @__rmarace_access(i8* {{%.*}}, i64 64,
; IR: call void @__rmarace_access(i8* {{%.*}}, i64 8,
; IR: ret void
define void @line(i64* %p) !dbg !18 {
  store i64 0, i64* %p, align 8, !dbg !20
  %p1 = getelementptr i64, i64* %p, i64 1
  store i64 1, i64* %p1, align 8, !dbg !21
  %p2 = getelementptr i64, i64* %p, i64 2
  store i64 2, i64* %p2, align 8, !dbg !22
  %p3 = getelementptr i64, i64* %p, i64 3
  store i64 3, i64* %p3, align 8, !dbg !23
  %p4 = getelementptr i64, i64* %p, i64 4
  store i64 4, i64* %p4, align 8, !dbg !24
  %p5 = getelementptr i64, i64* %p, i64 5
  store i64 5, i64* %p5, align 8, !dbg !25
  %p6 = getelementptr i64, i64* %p, i64 6
  store i64 6, i64* %p6, align 8, !dbg !26
  %p7 = getelementptr i64, i64* %p, i64 7
  store i64 7, i64* %p7, align 8, !dbg !27
  %p8 = getelementptr i64, i64* %p, i64 8
  store i64 8, i64* %p8, align 8, !dbg !28
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "adjacent.c", directory: "/src")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "atom", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 2, column: 1, scope: !5)
!9 = !DILocation(line: 2, column: 2, scope: !5)
!10 = !DILocation(line: 2, column: 3, scope: !5)
!11 = distinct !DISubprogram(name: "gap", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, unit: !0)
!12 = !DILocation(line: 4, column: 1, scope: !11)
!13 = !DILocation(line: 4, column: 2, scope: !11)
!14 = distinct !DISubprogram(name: "apart", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, unit: !0)
!15 = !DILocation(line: 6, column: 1, scope: !14)
!16 = !DILocation(line: 6, column: 2, scope: !14)
!17 = !DILocation(line: 6, column: 3, scope: !14)
!18 = distinct !DISubprogram(name: "line", scope: !1, file: !1, line: 7, type: !6, scopeLine: 7, unit: !0)
!20 = !DILocation(line: 8, column: 0, scope: !18)
!21 = !DILocation(line: 8, column: 1, scope: !18)
!22 = !DILocation(line: 8, column: 2, scope: !18)
!23 = !DILocation(line: 8, column: 3, scope: !18)
!24 = !DILocation(line: 8, column: 4, scope: !18)
!25 = !DILocation(line: 8, column: 5, scope: !18)
!26 = !DILocation(line: 8, column: 6, scope: !18)
!27 = !DILocation(line: 8, column: 7, scope: !18)
!28 = !DILocation(line: 8, column: 8, scope: !18)
