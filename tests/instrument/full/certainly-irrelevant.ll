; In every mode, accesses that can never touch RMA memory stay uninstrumented: stack memory whose
; address never leaves its function (not even to a call, so no RMA call can see it) and reads of
; constant globals. Memory whose address reaches a call, a store or an integer is instrumented.
; RUN: %opt -passes='print<rmarace-plan>' -rmarace-mode=full -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@counter = global i32 0

declare void @use(i32*)
declare void @llvm.lifetime.start.p0i8(i64, i8*)
declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)

; CHECK-LABEL: function private:
define i32 @private(i64 %i) {
  %local = alloca [4 x i32], align 4
  %raw = bitcast [4 x i32]* %local to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %raw)
; CHECK-NEXT: range-write ? skipped: private stack memory
  call void @llvm.memset.p0i8.i64(i8* %raw, i8 0, i64 16, i1 false)
  %slot = getelementptr [4 x i32], [4 x i32]* %local, i64 0, i64 %i
; CHECK-NEXT: store ? skipped: private stack memory
  store i32 1, i32* %slot, align 4
; CHECK-NEXT: load ? skipped: private stack memory
  %v = load i32, i32* %slot, align 4
  %entry = getelementptr [4 x i32], [4 x i32]* @table, i64 0, i64 %i
; CHECK-NEXT: load ? skipped: constant memory
  %t = load i32, i32* %entry, align 4
; CHECK-NEXT: load ? instrumented
  %c = load i32, i32* @counter, align 4
  %s = add i32 %v, %t
  %r = add i32 %s, %c
  ret i32 %r
}

; CHECK-LABEL: function passed:
define void @passed() {
  %local = alloca i32, align 4
; CHECK-NEXT: store ? instrumented
  store i32 1, i32* %local, align 4
  call void @use(i32* %local)
  ret void
}

; CHECK-LABEL: function stored:
define void @stored(i32** %out) {
  %local = alloca i32, align 4
; CHECK-NEXT: store ? instrumented
  store i32 1, i32* %local, align 4
; CHECK-NEXT: store ? instrumented
  store i32* %local, i32** %out, align 8
  ret void
}

; CHECK-LABEL: function converted:
define i64 @converted() {
  %local = alloca i32, align 4
; CHECK-NEXT: store ? instrumented
  store i32 1, i32* %local, align 4
  %address = ptrtoint i32* %local to i64
  ret i64 %address
}
