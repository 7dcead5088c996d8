; -rmarace-list prints per function how many loads, stores, atomics and ranges there are and how
; many are instrumented, then totals with the instrumented share of loads and stores; with
; -rmarace-list-file the listing is appended to a file.
; RUN: %opt -passes=rmarace -rmarace-mode=full -rmarace-list -disable-output %s 2>&1 | FileCheck %s --check-prefix=FULL
; RUN: %opt -passes=rmarace -rmarace-list -disable-output %s 2>&1 | FileCheck %s --check-prefix=SELECTIVE
; RUN: rm -f %t.listing
; RUN: %opt -passes=rmarace -rmarace-mode=full -rmarace-list-file=%t.listing -disable-output %s
; RUN: %opt -passes=rmarace -rmarace-whole-program -rmarace-list-file=%t.listing -disable-output %s
; RUN: FileCheck %s --check-prefix=FILE < %t.listing

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @MPI_Win_fence(i32, i8*)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)

define internal void @helper(i32* %p, i32* %q) {
  %v = load i32, i32* %p, align 4
  store i32 %v, i32* %q, align 4
  ret void
}

define i32 @main() {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 1, i32* %a, align 4
  call void @helper(i32* %a, i32* %b)
  %r = call i32 @MPI_Win_fence(i32 0, i8* null)
  %x = bitcast i32* %a to i8*
  %y = bitcast i32* %b to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %y, i8* %x, i64 4, i1 false)
  %v = load atomic i32, i32* %b monotonic, align 4
  ret i32 %v
}

; FULL:      rmarace: instrumentation of '{{.*}}listing.ll' (full)
; FULL-NEXT: rmarace:   helper: loads 1/1 stores 1/1 atomics 0/0 ranges 0/0 call-sites 0
; FULL-NEXT: rmarace:   main: loads 1/1 stores 1/1 atomics 0/0 ranges 1/1 call-sites 1
; FULL-NEXT: rmarace:   total: loads 2/2 (100.0%) stores 2/2 (100.0%) loads+stores 4/4 (100.0%) atomics 0/0 ranges 1/1 call-sites 1

; An atomic load counts as a load. The locals of main are not private stack memory (they are passed
; to helper), but they can never reach an RMA call.
; SELECTIVE:      rmarace: instrumentation of '{{.*}}listing.ll' (selective, translation unit)
; SELECTIVE-NEXT: rmarace:   helper: loads 0/1 stores 0/1 atomics 0/0 ranges 0/0 call-sites 0
; SELECTIVE-NEXT: rmarace:   main: loads 0/1 stores 0/1 atomics 0/0 ranges 0/1 call-sites 1
; SELECTIVE-NEXT: rmarace:   total: loads 0/2 (0.0%) stores 0/2 (0.0%) loads+stores 0/4 (0.0%) atomics 0/0 ranges 0/1 call-sites 1
; SELECTIVE-NEXT: rmarace:   memory reachable from outside is relevant because of code in other translation units

; FILE: rmarace: instrumentation of '{{.*}}listing.ll' (full)
; FILE: rmarace: instrumentation of '{{.*}}listing.ll' (selective, whole program)
; FILE: rmarace:   total: loads 0/2 (0.0%) stores 0/2 (0.0%)
