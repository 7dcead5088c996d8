; Call-site marking: before every direct call or invoke of an MPI, OpenSHMEM or GASPI function
; (also their profiling names), the location of the call is stored into __rmarace_callsite, in
; every mode.
; RUN: %opt -passes=rmarace -rmarace-mode=full -S %s | FileCheck %s
; RUN: %opt -passes=rmarace -rmarace-mode=selective -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-DAG: @[[PUT_LOC:__rmarace_loc[.0-9]*]] = private constant %rmarace.location { {{.*}}, i32 7, i32 3 }
; CHECK-DAG: @[[GET_LOC:__rmarace_loc[.0-9]*]] = private constant %rmarace.location { {{.*}}, i32 8, i32 5 }
; CHECK-DAG: @__rmarace_callsite = external thread_local(initialexec) global %rmarace.location*

declare i32 @MPI_Put(i8*, i32, i8*, i32, i64, i32, i8*, i8*)
declare i32 @PMPI_Get(i8*, i32, i8*, i32, i64, i32, i8*, i8*)
declare void @shmem_putmem(i8*, i8*, i64, i32)
declare void @pshmem_quiet()
declare i32 @gaspi_write(i8, i64, i16, i8, i64, i64, i8, i64)
declare i32 @pgaspi_wait(i8, i64)
declare void @compute(i8*)
declare i32 @__gxx_personality_v0(...)

define void @calls(i8* %buf) personality i32 (...)* @__gxx_personality_v0 !dbg !5 {
; CHECK-LABEL: define void @calls(
; CHECK:      store %rmarace.location* @[[PUT_LOC]], %rmarace.location** @__rmarace_callsite
; CHECK-NEXT: call i32 @MPI_Put(
  %a = call i32 @MPI_Put(i8* %buf, i32 1, i8* null, i32 0, i64 0, i32 1, i8* null, i8* null), !dbg !8
; CHECK:      store %rmarace.location* @[[GET_LOC]], %rmarace.location** @__rmarace_callsite
; CHECK-NEXT: invoke i32 @PMPI_Get(
  %b = invoke i32 @PMPI_Get(i8* %buf, i32 1, i8* null, i32 0, i64 0, i32 1, i8* null, i8* null)
          to label %next unwind label %cleanup, !dbg !9
next:
; CHECK:      store %rmarace.location* {{.*}}, %rmarace.location** @__rmarace_callsite
; CHECK-NEXT: call void @shmem_putmem(
  call void @shmem_putmem(i8* %buf, i8* %buf, i64 8, i32 1)
; CHECK-NEXT: store %rmarace.location* {{.*}}, %rmarace.location** @__rmarace_callsite
; CHECK-NEXT: call void @pshmem_quiet(
  call void @pshmem_quiet()
; CHECK-NEXT: store %rmarace.location* {{.*}}, %rmarace.location** @__rmarace_callsite
; CHECK-NEXT: call i32 @gaspi_write(
  %c = call i32 @gaspi_write(i8 0, i64 0, i16 1, i8 0, i64 0, i64 8, i8 0, i64 0)
; CHECK-NEXT: store %rmarace.location* {{.*}}, %rmarace.location** @__rmarace_callsite
; CHECK-NEXT: call i32 @pgaspi_wait(
  %d = call i32 @pgaspi_wait(i8 0, i64 0)
; Other functions are not marked.
; CHECK-NEXT: call void @compute(
  call void @compute(i8* %buf)
  ret void
cleanup:
  %lp = landingpad { i8*, i32 } cleanup
  resume { i8*, i32 } %lp
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "calls.cpp", directory: "/src")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "calls", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 7, column: 3, scope: !5)
!9 = !DILocation(line: 8, column: 5, scope: !5)
