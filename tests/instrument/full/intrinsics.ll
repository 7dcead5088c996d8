; Full mode: memory intrinsics, and calls of the C library's memory functions that survive as
; calls, report their ranges with __rmarace_read_range / __rmarace_write_range; those of a constant
; length up to 64 bytes take the inline filters of a load or store of that size instead. (Cluster
; analysis is off: it would merge the repeated ranges.)
; RUN: %opt -passes=rmarace -rmarace-mode=full -rmarace-cluster=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare void @llvm.memmove.p0i8.p0i8.i32(i8*, i8*, i32, i1)
declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)
declare i8* @memcpy(i8*, i8*, i64)
declare i8* @memset(i8*, i32, i64)
declare i32 @memcmp(i8*, i8*, i64)
declare void @bzero(i8*, i64)

define i32 @ranges(i8* %dst, i8* %src, i64 %n, i32 %m) {
; CHECK-LABEL: define i32 @ranges(
; CHECK:      call void @__rmarace_read_range(i8* %src, i64 %n, %rmarace.location* @[[LOC:__rmarace_loc[.0-9]*]])
; CHECK-NEXT: call void @__rmarace_write_range(i8* %dst, i64 %n, %rmarace.location* @[[LOC]])
; CHECK-NEXT: call void @llvm.memcpy
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %dst, i8* %src, i64 %n, i1 false)
; A 32-bit length is widened.
; CHECK:      [[LEN:%.*]] = zext i32 %m to i64
; CHECK-NEXT: call void @__rmarace_read_range(i8* %src, i64 [[LEN]],
; CHECK:      call void @__rmarace_write_range(i8* %dst, i64 {{%.*}},
; CHECK-NEXT: call void @llvm.memmove
  call void @llvm.memmove.p0i8.p0i8.i32(i8* %dst, i8* %src, i32 %m, i1 false)
; A constant 16 bytes: the page filter, the repeat filter, then a store of 16 bytes.
; CHECK:      [[BITS:%.*]] = ptrtoint i8* %dst to i64
; CHECK:      getelementptr inbounds %rmarace.page_map, %rmarace.page_map* @__rmarace_page_map
; CHECK:      [[MASK:%.*]] = shl i64 65535,
; CHECK:      call void @__rmarace_access(i8* %dst, i64 16, i32 10,
; CHECK-NEXT: br label
; CHECK-NOT:  call void @__rmarace_write_range
; CHECK:      call void @llvm.memset
  call void @llvm.memset.p0i8.i64(i8* %dst, i8 0, i64 16, i1 false)
; 65 bytes exceed what the filters cover: a range.
; CHECK:      call void @__rmarace_write_range(i8* %dst, i64 65,
; CHECK-NEXT: call void @llvm.memset
  call void @llvm.memset.p0i8.i64(i8* %dst, i8 0, i64 65, i1 false)
; CHECK:      call void @__rmarace_read_range(i8* %src, i64 %n,
; CHECK-NEXT: call void @__rmarace_write_range(i8* %dst, i64 %n,
; CHECK-NEXT: call i8* @memcpy(
  %r = call i8* @memcpy(i8* %dst, i8* %src, i64 %n)
; CHECK:      call void @__rmarace_write_range(i8* %dst, i64 %n,
; CHECK-NEXT: call i8* @memset(
  %s = call i8* @memset(i8* %dst, i32 1, i64 %n)
; CHECK:      call void @__rmarace_write_range(i8* %dst, i64 %n,
; CHECK-NEXT: call void @bzero(
  call void @bzero(i8* %dst, i64 %n)
; CHECK:      call void @__rmarace_read_range(i8* %dst, i64 %n,
; CHECK-NEXT: call void @__rmarace_read_range(i8* %src, i64 %n,
; CHECK-NEXT: call i32 @memcmp(
  %c = call i32 @memcmp(i8* %dst, i8* %src, i64 %n)
  ret i32 %c
}
