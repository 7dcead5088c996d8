// OpenSHMEM: the source of a nonblocking put and the destination of a nonblocking get are in use
// until shmem_quiet (OpenSHMEM 1.5, sections 9.5 and 9.9); blocking puts and gets are locally
// complete when they return.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <shmem.h>

static long target[8];

void put_nbi_then_store(long *source) {
  // CHECK: shmem.c:[[#@LINE+3]]:13: warning: store to the source buffer of shmem_putmem_nbi before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: shmem.c:[[#@LINE+1]]:3: note: shmem_putmem_nbi called here
  shmem_putmem_nbi(target, source, 2 * sizeof(long), 1);
  source[1] = 0;
  source[4] = 0; // outside the 16 bytes put
  shmem_quiet();
  source[0] = 0;
}

void blocking_put_then_store(long *source) {
  shmem_long_put(target, source, 2, 1);
  source[0] = 1;
  shmem_quiet();
}

int get_nbi_then_load(void) {
  static int fetched[4];
  // CHECK: shmem.c:[[#@LINE+3]]:15: warning: load of the destination buffer of shmem_int_get_nbi before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: shmem.c:[[#@LINE+1]]:3: note: shmem_int_get_nbi called here
  shmem_int_get_nbi(fetched, (int *)target, 4, 1);
  int early = fetched[3];
  shmem_barrier_all();
  return early + fetched[0];
}
