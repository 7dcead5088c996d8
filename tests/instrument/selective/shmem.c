// OpenSHMEM: symmetric heap memory is relevant, and so is every object that reaches an OpenSHMEM
// call's memory argument (here a static symmetric variable given as the target of an atomic);
// statics that never do stay irrelevant. Context handles are no memory: they do not make library
// memory relevant.
// RUN: %clang %mpi_cflags -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-memory>,print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#include <shmem.h>

static long counter;
static double local_sum;

// CHECK: unknown memory: not relevant
// CHECK-LABEL: function main:
int main(void) {
  shmem_init();
  shmem_ctx_t ctx;
  shmem_ctx_create(0, &ctx);
  double *symmetric = shmem_malloc(4 * sizeof(double));
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  symmetric[0] = shmem_my_pe();
  shmem_ctx_putmem(ctx, symmetric, symmetric, sizeof(double), (shmem_my_pe() + 1) % shmem_n_pes());
  shmem_long_atomic_add(&counter, 1, 0);
  shmem_barrier_all();
  // CHECK-DAG: load [[# @LINE + 2]]:{{[0-9]+}} instrumented
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  local_sum += counter + symmetric[1];
  shmem_ctx_destroy(ctx);
  shmem_free(symmetric);
  shmem_finalize();
  return (int)local_sum;
}
