// GASPI: one-sided communication goes between segments, so the memory behind gaspi_segment_ptr is
// relevant, and so is user memory bound to a segment; other memory is not.
// RUN: %clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <stdlib.h>

// The parts of GPI-2's GASPI.h this test uses.
typedef int gaspi_return_t;
typedef unsigned char gaspi_segment_id_t, gaspi_queue_id_t, gaspi_group_t;
typedef unsigned short gaspi_rank_t;
typedef unsigned long gaspi_size_t, gaspi_offset_t, gaspi_timeout_t;
typedef void *gaspi_pointer_t;
gaspi_return_t gaspi_proc_init(gaspi_timeout_t);
gaspi_return_t gaspi_segment_create(gaspi_segment_id_t, gaspi_size_t, gaspi_group_t,
                                    gaspi_timeout_t, int);
gaspi_return_t gaspi_segment_bind(gaspi_segment_id_t, gaspi_pointer_t, gaspi_size_t, int);
gaspi_return_t gaspi_segment_ptr(gaspi_segment_id_t, gaspi_pointer_t *);
gaspi_return_t gaspi_write(gaspi_segment_id_t, gaspi_offset_t, gaspi_rank_t, gaspi_segment_id_t,
                           gaspi_offset_t, gaspi_size_t, gaspi_queue_id_t, gaspi_timeout_t);
gaspi_return_t gaspi_proc_term(gaspi_timeout_t);

// CHECK-LABEL: function main:
int main(void) {
  gaspi_proc_init(~0ul);
  gaspi_segment_create(0, 64, 0, ~0ul, 0);
  double *bound = malloc(64), *other = malloc(64);
  gaspi_segment_bind(1, bound, 64, 0);
  gaspi_pointer_t pointer;
  gaspi_segment_ptr(0, &pointer);
  double *segment = pointer;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  segment[0] = 1.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  bound[0] = 2.0;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  ((volatile double *)other)[0] = 3.0;
  gaspi_write(0, 0, 1, 0, 0, sizeof(double), 0, ~0ul);
  gaspi_proc_term(~0ul);
  return 0;
}
