; Full mode: masked and gather/scatter vector accesses are checked lane by lane, only for enabled
; lanes (a disabled lane touches no memory); expanding loads and compressing stores report the
; packed range of the enabled lanes.
; RUN: %opt -passes=rmarace -rmarace-mode=full -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare <2 x double> @llvm.masked.load.v2f64.p0v2f64(<2 x double>*, i32, <2 x i1>, <2 x double>)
declare void @llvm.masked.scatter.v2f64.v2p0f64(<2 x double>, <2 x double*>, i32, <2 x i1>)
declare void @llvm.masked.compressstore.v4f64(<4 x double>, double*, <4 x i1>)

define <2 x double> @masked(<2 x double>* %p, <2 x i1> %mask) {
; CHECK-LABEL: define <2 x double> @masked(
; CHECK:      [[LANE0:%.*]] = extractelement <2 x i1> %mask, i64 0
; CHECK-NEXT: br i1 [[LANE0]], label
; CHECK:      [[BASE0:%.*]] = bitcast <2 x double>* %p to i8*
; CHECK-NEXT: [[ADDR0:%.*]] = getelementptr i8, i8* [[BASE0]], i64 0
; CHECK:      call void @__rmarace_access(i8* [[ADDR0]], i64 8, i32 9,
; CHECK:      [[LANE1:%.*]] = extractelement <2 x i1> %mask, i64 1
; CHECK-NEXT: br i1 [[LANE1]], label
; CHECK:      [[ADDR1:%.*]] = getelementptr i8, i8* {{%.*}}, i64 8
; CHECK:      call void @__rmarace_access(i8* [[ADDR1]], i64 8, i32 9,
; CHECK:      call <2 x double> @llvm.masked.load
  %v = call <2 x double> @llvm.masked.load.v2f64.p0v2f64(<2 x double>* %p, i32 8, <2 x i1> %mask, <2 x double> zeroinitializer)
  ret <2 x double> %v
}

; A constant mask needs no branch; disabled lanes need no check.
define void @scatter(<2 x double> %v, <2 x double*> %ptrs) {
; CHECK-LABEL: define void @scatter(
; CHECK-NOT:  extractelement <2 x i1>
; CHECK:      [[PTR0:%.*]] = extractelement <2 x double*> %ptrs, i64 0
; CHECK:      call void @__rmarace_access(i8* {{%.*}}, i64 8, i32 10,
; CHECK-NOT:  call void @__rmarace_access
; CHECK:      call void @llvm.masked.scatter
  call void @llvm.masked.scatter.v2f64.v2p0f64(<2 x double> %v, <2 x double*> %ptrs, i32 8, <2 x i1> <i1 true, i1 false>)
  ret void
}

define void @compress(<4 x double> %v, double* %p, <4 x i1> %mask) {
; CHECK-LABEL: define void @compress(
; CHECK:      [[BITS:%.*]] = bitcast <4 x i1> %mask to i4
; CHECK-NEXT: [[COUNT:%.*]] = call i4 @llvm.ctpop.i4(i4 [[BITS]])
; CHECK-NEXT: [[WIDE:%.*]] = zext i4 [[COUNT]] to i64
; CHECK-NEXT: [[BYTES:%.*]] = mul i64 [[WIDE]], 8
; CHECK:      call void @__rmarace_write_range(i8* {{%.*}}, i64 [[BYTES]],
; CHECK-NEXT: call void @llvm.masked.compressstore
  call void @llvm.masked.compressstore.v4f64(<4 x double> %v, double* %p, <4 x i1> %mask)
  ret void
}
