// Locations come from debug information: file and line and column of the access, and the function
// it is written in, also when that function was inlined (here: add into run). One location
// constant per file:line:column:function: the two inlined loads and stores of add share one.
// RUN: %clang -O2 -g -S -emit-llvm %s -o - \
// RUN:   | %opt -passes=rmarace -rmarace-mode=full -rmarace-cluster=false -S | FileCheck %s

// CHECK-DAG: @[[FILE:__rmarace_str[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}locations.c\00"
// CHECK-DAG: @[[ADD:__rmarace_str[.0-9]*]] = private unnamed_addr constant [4 x i8] c"add\00"
// CHECK-DAG: @[[RUNNAME:__rmarace_str[.0-9]*]] = private unnamed_addr constant [4 x i8] c"run\00"
static void add(volatile int *counter, int amount) {
  // CHECK-DAG: private constant %rmarace.location { i8* getelementptr {{.*}} @[[FILE]]{{.*}}, i8* getelementptr {{.*}} @[[ADD]]{{.*}}, i32 [[# @LINE + 1]], i32 12 }
  *counter += amount;
}

int run(volatile int *counter) {
  add(counter, 1);
  add(counter, 2);
  // CHECK-DAG: private constant %rmarace.location { i8* getelementptr {{.*}} @[[FILE]]{{.*}}, i8* getelementptr {{.*}} @[[RUNNAME]]{{.*}}, i32 [[# @LINE + 1]], i32 10 }
  return *counter;
}
// CHECK-NOT: private constant %rmarace.location
