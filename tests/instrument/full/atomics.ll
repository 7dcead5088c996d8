; Full mode: atomic IR accesses pass RMARACE_ATOMIC (4); read-modify-writes and compare-exchanges
; are reads and writes (1 | 2 | 4 = 7). Atomics that synchronise threads also tell the runtime:
; __rmarace_atomic_release before a releasing write, __rmarace_atomic_acquire after an acquiring
; read. Relaxed and single-thread-scope atomics order nothing.
; RUN: %opt -passes=rmarace -rmarace-mode=full -rmarace-cluster=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @atomics(i64* %counter, i32* %flag) {
; CHECK-LABEL: define i64 @atomics(
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 4, i32 5,
; CHECK: load atomic i32, i32* %flag acquire
; CHECK-NEXT: [[FLAG:%.*]] = bitcast i32* %flag to i8*
; CHECK-NEXT: call void @__rmarace_atomic_acquire(i8* [[FLAG]],
  %ready = load atomic i32, i32* %flag acquire, align 4
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 4, i32 6,
; CHECK: call void @__rmarace_atomic_release(i8* {{.*}},
; CHECK-NEXT: store atomic i32 0, i32* %flag release
  store atomic i32 0, i32* %flag release, align 4
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 7,
; CHECK: call void @__rmarace_atomic_release(
; CHECK-NEXT: atomicrmw add i64* %counter, i64 1 seq_cst
; CHECK-NEXT: bitcast
; CHECK-NEXT: call void @__rmarace_atomic_acquire(
  %old = atomicrmw add i64* %counter, i64 1 seq_cst
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 7,
; CHECK: call void @__rmarace_atomic_release(
; CHECK-NEXT: cmpxchg i64* %counter, i64 %old, i64 0 seq_cst seq_cst
; CHECK-NEXT: bitcast
; CHECK-NEXT: call void @__rmarace_atomic_acquire(
  %pair = cmpxchg i64* %counter, i64 %old, i64 0 seq_cst seq_cst
; A volatile access is a plain one.
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 9,
; CHECK: load volatile i64, i64* %counter
  %v = load volatile i64, i64* %counter, align 8
  ret i64 %v
}

; A compare-exchange that only releases on success still acquires when its failure ordering does.
define void @exchange(i64* %word) {
; CHECK-LABEL: define void @exchange(
; CHECK: call void @__rmarace_atomic_release(
; CHECK-NEXT: cmpxchg i64* %word, i64 0, i64 1 release monotonic
; CHECK-NOT: __rmarace_atomic_acquire
; CHECK: ret void
  %pair = cmpxchg i64* %word, i64 0, i64 1 release monotonic
  ret void
}

define void @relaxed(i64* %word) {
; CHECK-LABEL: define void @relaxed(
; CHECK-NOT: __rmarace_atomic_
; CHECK: ret void
  %a = load atomic i64, i64* %word monotonic, align 8
  store atomic i64 %a, i64* %word monotonic, align 8
  %b = atomicrmw add i64* %word, i64 1 syncscope("singlethread") seq_cst
  ret void
}

; C11 fences: a release fence makes the function's relaxed atomic writes release, an acquire
; fence its relaxed atomic reads acquire (per function).
define void @fenced_publish(i32* %data, i32* %flag) {
; CHECK-LABEL: define void @fenced_publish(
; CHECK-NOT: __rmarace_atomic_acquire
; CHECK: call void @__rmarace_atomic_release(
; CHECK-NEXT: store atomic i32 1, i32* %flag monotonic
; CHECK: ret void
  store i32 42, i32* %data, align 4
  fence release
  store atomic i32 1, i32* %flag monotonic, align 4
  ret void
}

define i32 @fenced_consume(i32* %data, i32* %flag) {
; CHECK-LABEL: define i32 @fenced_consume(
; CHECK-NOT: __rmarace_atomic_release
; CHECK: load atomic i32, i32* %flag monotonic
; CHECK-NEXT: bitcast
; CHECK-NEXT: call void @__rmarace_atomic_acquire(
; CHECK: ret i32
  %ready = load atomic i32, i32* %flag monotonic, align 4
  fence acquire
  %v = load i32, i32* %data, align 4
  ret i32 %v
}

; `omp flush` (libomp's __kmpc_flush) is a sequentially consistent fence; a single-thread fence
; orders nothing between threads.
declare void @__kmpc_flush(i8*)

define void @omp_flush(i32* %flag, i8* %loc) {
; CHECK-LABEL: define void @omp_flush(
; CHECK: call void @__rmarace_atomic_release(
; CHECK-NEXT: atomicrmw add i32* %flag, i32 1 monotonic
; CHECK-NEXT: bitcast
; CHECK-NEXT: call void @__rmarace_atomic_acquire(
  call void @__kmpc_flush(i8* %loc)
  %old = atomicrmw add i32* %flag, i32 1 monotonic
  ret void
}

define void @signal_fence(i32* %flag) {
; CHECK-LABEL: define void @signal_fence(
; CHECK-NOT: __rmarace_atomic_
; CHECK: ret void
  fence syncscope("singlethread") seq_cst
  store atomic i32 1, i32* %flag monotonic, align 4
  ret void
}
