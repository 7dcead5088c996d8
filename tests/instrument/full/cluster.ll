; Cluster analysis: in a basic block, an instrumented access covers later accesses to the same or
; fewer bytes (a store covers loads and stores, a load covers loads), and a store covers earlier
; loads when execution certainly reaches it; a call that may synchronise ends the cluster.
; RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -rmarace-cluster=false -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @MPI_Win_fence(i32, i8*)
declare double @sqrt(double)
declare void @exit(i32)

; CHECK-LABEL: function increment:
; OFF-LABEL: function increment:
define void @increment(i64* %p) !dbg !5 {
; The load is covered by the following store to the same address.
; CHECK-NEXT: load 2:10 skipped: covered by the access at 2:8
; OFF-NEXT: load 2:10 instrumented
  %v = load i64, i64* %p, align 8, !dbg !8
  %w = add i64 %v, 1
; CHECK-NEXT: store 2:8 instrumented
; OFF-NEXT: store 2:8 instrumented
  store i64 %w, i64* %p, align 8, !dbg !9
; The store covers a later load of fewer bytes inside it.
  %raw = bitcast i64* %p to i32*
  %high = getelementptr i32, i32* %raw, i64 1
; CHECK-NEXT: load 3:1 skipped: covered by the access at 2:8
  %h = load i32, i32* %high, align 4, !dbg !10
; A known-harmless library call keeps the cluster.
  %unused = call double @sqrt(double 2.0)
; CHECK-NEXT: store 3:2 skipped: covered by the access at 2:8
  store i64 0, i64* %p, align 8, !dbg !11
; A call that may synchronise ends it.
  %f = call i32 @MPI_Win_fence(i32 0, i8* null)
; CHECK-NEXT: load 3:3 instrumented
  %again = load i64, i64* %p, align 8, !dbg !12
  ret void
}

; CHECK-LABEL: function not_covered:
define void @not_covered(i32* %p, i32* %q) !dbg !13 {
; Different addresses do not cover each other, and atomic and plain accesses stay apart; the
; store to %q covers the earlier load of %q.
; CHECK-NEXT: load 5:1 instrumented
  %a = load i32, i32* %p, align 4, !dbg !14
; CHECK-NEXT: load 5:2 skipped: covered by the access at 5:4
  %b = load i32, i32* %q, align 4, !dbg !15
; CHECK-NEXT: load 5:3 instrumented
  %c = load atomic i32, i32* %p monotonic, align 4, !dbg !16
; CHECK-NEXT: store 5:4 instrumented
  store i32 %b, i32* %q, align 4, !dbg !17
  ret void
}

; A store does not cover an earlier load when a call in between may not return.
; CHECK-LABEL: function not_backwards:
define void @not_backwards(i32* %p) !dbg !18 {
; CHECK-NEXT: load 7:1 instrumented
  %a = load i32, i32* %p, align 4, !dbg !19
  call void @exit(i32 1)
; CHECK-NEXT: store 7:2 instrumented
  store i32 0, i32* %p, align 4, !dbg !20
  ret void
}

; A call that orders the rank's threads ends the cluster too.
; CHECK-LABEL: function thread_ordered:
define void @thread_ordered(i32* %p, i8* %mutex) !dbg !21 {
; CHECK-NEXT: store 9:1 instrumented
  store i32 1, i32* %p, align 4, !dbg !22
  %l = call i32 @pthread_mutex_lock(i8* %mutex)
; CHECK-NEXT: store 9:2 instrumented
  store i32 2, i32* %p, align 4, !dbg !23
  ret void
}

declare i32 @pthread_mutex_lock(i8*)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "cluster.c", directory: "/src")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "increment", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 2, column: 10, scope: !5)
!9 = !DILocation(line: 2, column: 8, scope: !5)
!10 = !DILocation(line: 3, column: 1, scope: !5)
!11 = !DILocation(line: 3, column: 2, scope: !5)
!12 = !DILocation(line: 3, column: 3, scope: !5)
!13 = distinct !DISubprogram(name: "not_covered", scope: !1, file: !1, line: 4, type: !6, scopeLine: 4, unit: !0)
!14 = !DILocation(line: 5, column: 1, scope: !13)
!15 = !DILocation(line: 5, column: 2, scope: !13)
!16 = !DILocation(line: 5, column: 3, scope: !13)
!17 = !DILocation(line: 5, column: 4, scope: !13)
!18 = distinct !DISubprogram(name: "not_backwards", scope: !1, file: !1, line: 6, type: !6, scopeLine: 6, unit: !0)
!19 = !DILocation(line: 7, column: 1, scope: !18)
!20 = !DILocation(line: 7, column: 2, scope: !18)
!21 = distinct !DISubprogram(name: "thread_ordered", scope: !1, file: !1, line: 8, type: !6, scopeLine: 8, unit: !0)
!22 = !DILocation(line: 9, column: 1, scope: !21)
!23 = !DILocation(line: 9, column: 2, scope: !21)
