; Full mode: every load and store gets the inline fast filter of rmarace.h (the page's mark,
; reached through the first level's offset from the unmarked bytes) and, behind a branch weighted unlikely, the
; repeat filter and a call of __rmarace_access with its size, flags and location; accesses larger
; than RMARACE_MAX_SCALAR_ACCESS (64 bytes) call the range interface instead.
; RUN: %opt -passes=rmarace -rmarace-mode=full -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: %rmarace.location = type { i8*, i8*, i32, i32 }
; CHECK-DAG: @[[FILE:__rmarace_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"demo.c\00"
; CHECK-DAG: @[[FUNC:__rmarace_str[.0-9]*]] = private unnamed_addr constant [5 x i8] c"copy\00"
; CHECK-DAG: @[[LOAD_LOC:__rmarace_loc[.0-9]*]] = private constant %rmarace.location { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @[[FILE]], i32 0, i32 0), i8* getelementptr inbounds ([5 x i8], [5 x i8]* @[[FUNC]], i32 0, i32 0), i32 3, i32 11 }
; CHECK-DAG: @[[STORE_LOC:__rmarace_loc[.0-9]*]] = private constant %rmarace.location { {{.*}}, i32 3, i32 9 }
; CHECK-DAG: %rmarace.page_map = type { [131072 x i64], [262144 x i8] }
; CHECK-DAG: @__rmarace_page_map = external global %rmarace.page_map

define void @copy(i32* %dst, i32* %src) !dbg !5 {
; CHECK-LABEL: define void @copy(
; CHECK:      [[BITS:%.*]] = ptrtoint i32* %src to i64
; CHECK-NEXT: [[L1:%.*]] = lshr i64 [[BITS]], 30
; CHECK-NEXT: [[L1INDEX:%.*]] = and i64 [[L1]], 131071
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds %rmarace.page_map, %rmarace.page_map* @__rmarace_page_map, i32 0, i32 0, i64 [[L1INDEX]]
; CHECK-NEXT: [[TABLEOFFSET:%.*]] = load i64, i64* [[SLOT]]
; CHECK-NEXT: [[PAGE:%.*]] = lshr i64 [[BITS]], 12
; CHECK-NEXT: [[L2INDEX:%.*]] = and i64 [[PAGE]], 262143
; CHECK-NEXT: [[MARKINDEX:%.*]] = add i64 [[TABLEOFFSET]], [[L2INDEX]]
; CHECK-NEXT: [[ENTRY:%.*]] = getelementptr i8, i8* getelementptr inbounds (%rmarace.page_map, %rmarace.page_map* @__rmarace_page_map, i32 0, i32 1, i32 0), i64 [[MARKINDEX]]
; CHECK-NEXT: [[MARK:%.*]] = load i8, i8* [[ENTRY]]
; CHECK-NEXT: [[TRACKED:%.*]] = icmp ne i8 [[MARK]], 0
; CHECK-NEXT: br i1 [[TRACKED]], label %[[SLOW:[0-9a-z_.]+]], label %[[CONT:[0-9a-z_.]+]], {{.*}}!prof ![[UNLIKELY:[0-9]+]]
; Then the repeat filter: the thread's entry for the line, its tag (the line's bits above the
; index and the current generation's stamp, one word), and the 4 bytes at their offset in the
; line, among the bytes loaded or stored (a load: one word, `loadable`).
; CHECK:      [[SLOW]]:
; CHECK-NEXT: [[TABLE:%.*]] = load %rmarace.repeat_entry*, %rmarace.repeat_entry** @__rmarace_repeat_table
; CHECK-NEXT: [[STAMP:%.*]] = load i64, i64* @__rmarace_repeat_stamp
; CHECK-NEXT: [[LINE:%.*]] = lshr i64 [[BITS]], 6
; CHECK-NEXT: [[OFFSET:%.*]] = and i64 [[BITS]], 63
; CHECK-NEXT: [[INSIDE:%.*]] = icmp ule i64 [[OFFSET]], 60
; CHECK-NEXT: [[MASK:%.*]] = shl i64 15, [[OFFSET]]
; CHECK-NEXT: [[INDEX:%.*]] = and i64 [[LINE]], 65535
; CHECK-NEXT: [[REPEAT:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* [[TABLE]], i64 [[INDEX]]
; CHECK-NEXT: [[HIGH:%.*]] = lshr i64 [[LINE]], 16
; CHECK-NEXT: [[TAG:%.*]] = or i64 [[HIGH]], [[STAMP]]
; CHECK-NEXT: [[TAGFIELD:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* [[REPEAT]], i32 0, i32 0
; CHECK-NEXT: [[HELD:%.*]] = load i64, i64* [[TAGFIELD]]
; CHECK-NEXT: [[CURRENT:%.*]] = icmp eq i64 [[HELD]], [[TAG]]
; CHECK-NEXT: [[LOADABLE:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* [[REPEAT]], i32 0, i32 1
; CHECK-NEXT: [[CHECKED:%.*]] = load i64, i64* [[LOADABLE]]
; CHECK-NEXT: [[COMMON:%.*]] = and i64 [[CHECKED]], [[MASK]]
; CHECK-NEXT: [[COVERED:%.*]] = icmp eq i64 [[COMMON]], [[MASK]]
; CHECK-NEXT: [[FIRSTPART:%.*]] = and i1 [[CURRENT]], [[COVERED]]
; CHECK:      br i1 {{%.*}}, label %[[ACROSS:[0-9a-z_.]+]], label %[[SKIP:[0-9a-z_.]+]]
; When that fails, whether both lines' entries cover their parts: the first part is the one the
; first test covered (the mask shifted in and truncated), so only the next line's entry is read,
; for the part shifted out by 64 - offset (7 >> (63 - offset): never a shift by 64). An access
; within its line failed the first test on that part, so it fails this one too.
; CHECK:      [[ACROSS]]:
; CHECK-NEXT: [[SHIFT:%.*]] = sub i64 63, [[OFFSET]]
; CHECK-NEXT: [[SECOND:%.*]] = lshr i64 7, [[SHIFT]]
; CHECK-NEXT: [[NEXT:%.*]] = add i64 [[LINE]], 1
; CHECK-NEXT: [[NEXTINDEX:%.*]] = and i64 [[NEXT]], 65535
; CHECK-NEXT: [[NEXTREPEAT:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* [[TABLE]], i64 [[NEXTINDEX]]
; CHECK-NEXT: [[NEXTHIGH:%.*]] = lshr i64 [[NEXT]], 16
; CHECK-NEXT: [[NEXTTAG:%.*]] = or i64 [[NEXTHIGH]], [[STAMP]]
; CHECK-NEXT: [[NEXTTAGFIELD:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* [[NEXTREPEAT]], i32 0, i32 0
; CHECK-NEXT: [[NEXTHELD:%.*]] = load i64, i64* [[NEXTTAGFIELD]]
; CHECK-NEXT: [[NEXTCURRENT:%.*]] = icmp eq i64 [[NEXTHELD]], [[NEXTTAG]]
; CHECK-NEXT: [[NEXTLOADABLE:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* [[NEXTREPEAT]], i32 0, i32 1
; CHECK-NEXT: [[NEXTCHECKED:%.*]] = load i64, i64* [[NEXTLOADABLE]]
; CHECK-NEXT: [[NEXTCOMMON:%.*]] = and i64 [[NEXTCHECKED]], [[SECOND]]
; CHECK-NEXT: [[NEXTCOVERED:%.*]] = icmp eq i64 [[NEXTCOMMON]], [[SECOND]]
; CHECK-NEXT: [[SECONDPART:%.*]] = and i1 [[NEXTCURRENT]], [[NEXTCOVERED]]
; CHECK-NEXT: [[BOTH:%.*]] = and i1 [[FIRSTPART]], [[SECONDPART]]
; CHECK-NEXT: [[AGAIN:%.*]] = xor i1 [[BOTH]], true
; CHECK-NEXT: br i1 [[AGAIN]], label %[[CALL:[0-9a-z_.]+]], label %[[SKIP2:[0-9a-z_.]+]]
; The call's flags: RMARACE_READ (1) or RMARACE_WRITE (2), with RMARACE_REPEAT_TESTED (8): the
; runtime does not make the repeat filter's test again.
; CHECK:      [[CALL]]:
; CHECK-NEXT: [[ADDR:%.*]] = bitcast i32* %src to i8*
; CHECK-NEXT: call void @__rmarace_access(i8* [[ADDR]], i64 4, i32 9, %rmarace.location* @[[LOAD_LOC]])
; CHECK-NEXT: br label %[[SKIP2]]
; CHECK:      [[SKIP2]]:
; CHECK-NEXT: br label %[[SKIP]]
; CHECK:      [[SKIP]]:
; CHECK-NEXT: br label %[[CONT]]
; CHECK:      [[CONT]]:
; CHECK-NEXT: %value = load i32, i32* %src
; A store's bytes are tested among those stored only.
; CHECK:      [[STORED:%.*]] = getelementptr inbounds %rmarace.repeat_entry, %rmarace.repeat_entry* {{%.*}}, i32 0, i32 2
; CHECK-NEXT: [[STORECHECKED:%.*]] = load i64, i64* [[STORED]]
; CHECK-NEXT: and i64 [[STORECHECKED]],
; CHECK:      call void @__rmarace_access(i8* {{.*}}, i64 4, i32 10, %rmarace.location* @[[STORE_LOC]])
; CHECK:      store i32 %value, i32* %dst
  %value = load i32, i32* %src, align 4, !dbg !8
  store i32 %value, i32* %dst, align 4, !dbg !9
  ret void
}

; CHECK-LABEL: define void @sizes(
define void @sizes(i8* %byte, double* %real, <4 x double>* %vector, <16 x double>* %wide) {
; CHECK: call void @__rmarace_access(i8* %byte, i64 1, i32 10,
  store i8 0, i8* %byte, align 1
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 8, i32 9,
  %r = load double, double* %real, align 8
; CHECK: call void @__rmarace_access(i8* {{.*}}, i64 32, i32 9,
  %v = load <4 x double>, <4 x double>* %vector, align 32
; CHECK:      [[WIDE:%.*]] = bitcast <16 x double>* %wide to i8*
; CHECK-NEXT: call void @__rmarace_write_range(i8* [[WIDE]], i64 128,
; CHECK-NEXT: store <16 x double> zeroinitializer
  store <16 x double> zeroinitializer, <16 x double>* %wide, align 128
  ret void
}

; CHECK: declare void @__rmarace_access(i8*, i64, i32, %rmarace.location*) [[NOUNWIND:#[0-9]+]]
; CHECK: attributes [[NOUNWIND]] = { nounwind }
; CHECK: ![[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048576}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "demo.c", directory: "/src")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "copy", scope: !1, file: !1, line: 2, type: !6, scopeLine: 2, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 3, column: 11, scope: !5)
!9 = !DILocation(line: 3, column: 9, scope: !5)
