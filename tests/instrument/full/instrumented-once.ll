; A module is instrumented once: the pass marks it, and running it again (a plugin given twice,
; instrumented bitcode compiled again) changes nothing.
; RUN: %opt -passes=rmarace -rmarace-mode=full -S %s -o %t.ll
; RUN: %opt -passes=rmarace -rmarace-mode=full -S %t.ll | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @store(i32* %p) {
; CHECK-LABEL: define void @store(
; CHECK: call void @__rmarace_access(
; CHECK-NOT: call void @__rmarace_access(
; CHECK: ret void
  store i32 1, i32* %p, align 4
  ret void
}

; CHECK: !{i32 7, !"rmarace.instrumented", i32 1}
