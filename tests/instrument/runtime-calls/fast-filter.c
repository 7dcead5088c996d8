// End to end with the test fixture in place of the runtime: instrumented code calls
// __rmarace_access exactly for the accesses to tracked pages (the inline fast filter), with the
// access's size, flags and source location; a memory intrinsic of a constant length up to 64 bytes
// takes the same filter, longer ones always report their ranges; the
// call of an MPI function finds its own location in __rmarace_callsite; a sequentially consistent
// atomic releases before it writes and acquires after it reads. Once the runtime turns on the
// untracked slot (a multithreaded process), untracked accesses reach it too.
// RUN: %clang -O1 -g -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -rmarace-mode=full -mllvm -rmarace-cluster=false -I%rmarace_include %s %fixture -Wl,-rpath,%{fixture_dir} -o %t
// RUN: %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void rmarace_fixture_track(const void *address, uint64_t size);
void rmarace_fixture_log_untracked(void);
int MPI_Pcontrol(const int level, ...);

__attribute__((noinline)) static void touch(volatile double *tracked, volatile double *untracked) {
  // CHECK: fixture: access w 8 at {{.*}}fast-filter.c:[[# @LINE + 1]]:14 in touch
  tracked[1] = 1.0;
  untracked[1] = 2.0;
  // CHECK-NEXT: fixture: access r 8 at {{.*}}fast-filter.c:[[# @LINE + 1]]:{{[0-9]+}} in touch
  double sum = tracked[1] + untracked[1];
  untracked[0] = sum;
  // CHECK-NEXT: fixture: access rw atomic 4 at {{.*}}fast-filter.c:[[# @LINE + 3]]:{{[0-9]+}} in touch
  // CHECK-NEXT: fixture: atomic release at {{.*}}fast-filter.c:[[# @LINE + 2]]:{{[0-9]+}} in touch
  // CHECK-NEXT: fixture: atomic acquire at {{.*}}fast-filter.c:[[# @LINE + 1]]:{{[0-9]+}} in touch
  __atomic_fetch_add((volatile int *)&tracked[2], 1, __ATOMIC_SEQ_CST);
}

int main(void) {
  double *tracked = aligned_alloc(4096, 4096), *untracked = aligned_alloc(4096, 4096);
  rmarace_fixture_track(tracked, 4096);
  touch(tracked, untracked);
  // The tracked source of a 64-byte copy reaches the runtime, its untracked destination does not.
  // CHECK-NEXT: fixture: access r 64 at {{.*}}fast-filter.c:[[# @LINE + 1]]:{{[0-9]+}} in main
  memcpy(untracked, tracked, 64);
  // CHECK-NEXT: fixture: access w 64 at {{.*}}fast-filter.c:[[# @LINE + 1]]:{{[0-9]+}} in main
  memset(tracked + 8, 0, 64);
  // CHECK-NEXT: fixture: read range 65 at {{.*}}fast-filter.c:[[# @LINE + 2]]:{{[0-9]+}} in main
  // CHECK-NEXT: fixture: write range 65 at {{.*}}fast-filter.c:[[# @LINE + 1]]:{{[0-9]+}} in main
  memcpy(untracked, tracked, 65);
  // CHECK-NEXT: fixture: MPI call from {{.*}}fast-filter.c:[[# @LINE + 1]]:3 in main
  MPI_Pcontrol(0);
  rmarace_fixture_log_untracked();
  // CHECK-NEXT: fixture: access w 8 at {{.*}}fast-filter.c:{{[0-9]+}}:14 in touch
  // CHECK-NEXT: fixture: access w 8 at {{.*}}fast-filter.c:{{[0-9]+}}:16 in touch
  // CHECK-NEXT: fixture: access r 8 at {{.*}}fast-filter.c:{{[0-9]+}}:16 in touch
  // CHECK-NEXT: fixture: access r 8 at {{.*}}fast-filter.c:{{[0-9]+}}:29 in touch
  // CHECK-NEXT: fixture: access w 8 at {{.*}}fast-filter.c:{{[0-9]+}}:16 in touch
  // CHECK-NEXT: fixture: access rw atomic 4 at {{.*}}fast-filter.c:{{[0-9]+}}:3 in touch
  // CHECK-NEXT: fixture: atomic release at {{.*}}fast-filter.c:{{[0-9]+}}:3 in touch
  // CHECK-NEXT: fixture: atomic acquire at {{.*}}fast-filter.c:{{[0-9]+}}:3 in touch
  touch(tracked, untracked);
  // CHECK-NOT: fixture:
  free(tracked);
  free(untracked);
  return 0;
}
