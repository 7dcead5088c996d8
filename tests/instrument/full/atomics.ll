; Full mode: atomic IR accesses pass RMARACE_ATOMIC (4); read-modify-writes and compare-exchanges
; are reads and writes (1 | 2 | 4 = 7).
; RUN: %opt -passes=rmarace -rmarace-mode=full -rmarace-cluster=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @atomics(i64* %counter, i32* %flag) {
; CHECK-LABEL: define i64 @atomics(
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 4, i32 5,
; CHECK: load atomic i32, i32* %flag acquire
  %ready = load atomic i32, i32* %flag acquire, align 4
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 4, i32 6,
; CHECK: store atomic i32 0, i32* %flag release
  store atomic i32 0, i32* %flag release, align 4
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 7,
; CHECK: atomicrmw add i64* %counter, i64 1 seq_cst
  %old = atomicrmw add i64* %counter, i64 1 seq_cst
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 7,
; CHECK: cmpxchg i64* %counter, i64 %old, i64 0 seq_cst seq_cst
  %pair = cmpxchg i64* %counter, i64 %old, i64 0 seq_cst seq_cst
; A volatile access is a plain one.
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 1,
; CHECK: load volatile i64, i64* %counter
  %v = load volatile i64, i64* %counter, align 8
  ret i64 %v
}
