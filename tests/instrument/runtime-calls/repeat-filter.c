// End to end with the test fixture in place of the runtime: the inline repeat filter (rmarace.h)
// skips the call for an access whose bytes the thread already checked, with its kind or as a
// store, in the current generation; a load does not cover a store, an access that leaves its
// 64-byte line is skipped only when the entries of both lines cover their parts, atomics are
// always called, and a new generation calls again.
// clang-format off
// RUN: %clang -O1 -g -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -rmarace-mode=full -mllvm -rmarace-cluster=false -I%rmarace_include %s %fixture -Wl,-rpath,%{fixture_dir} -o %t
// RUN: %t 2>&1 | FileCheck %s
// clang-format on
#include <stdint.h>
#include <stdlib.h>

void rmarace_fixture_track(const void *address, uint64_t size);
void rmarace_fixture_repeat(const void *address, uint64_t size, int store);
void rmarace_fixture_new_generation(void);

__attribute__((noinline)) static void store(volatile double *p) {
  *p = 1.0;
}
__attribute__((noinline)) static double load(volatile double *p) {
  return *p;
}
__attribute__((noinline)) static void store_unaligned(volatile char *p) {
  *(volatile double *)p = 1.0;
}
__attribute__((noinline)) static double load_unaligned(volatile char *p) {
  return *(volatile double *)p;
}
__attribute__((noinline)) static void store_short(volatile char *p) {
  *(volatile short *)p = 1;
}
__attribute__((noinline)) static void add_atomic(volatile long *p) {
  __atomic_fetch_add(p, 1, __ATOMIC_RELAXED);
}

int main(void) {
  double *tracked = aligned_alloc(4096, 4096);
  rmarace_fixture_track(tracked, 4096);
  // CHECK: fixture: access w 8 at {{.*}} in store{{$}}
  store(&tracked[0]);
  rmarace_fixture_repeat(&tracked[0], 8, /*store=*/1);
  store(&tracked[0]); // skipped
  load(&tracked[0]);  // skipped: a store covers a load
  // CHECK-NEXT: fixture: access r 8 at {{.*}} in load{{$}}
  load(&tracked[1]);
  rmarace_fixture_repeat(&tracked[1], 8, /*store=*/0);
  load(&tracked[1]); // skipped
  // CHECK-NEXT: fixture: access w 8 at {{.*}} in store{{$}}
  store(&tracked[1]);
  // Bytes 60 to 67 leave the line: the table covers 60 to 63 only.
  rmarace_fixture_repeat((char *)tracked + 56, 8, /*store=*/1);
  // CHECK-NEXT: fixture: access w 8 at {{.*}} in store_unaligned{{$}}
  store_unaligned((char *)tracked + 60);
  // With 64 to 71 of the next line checked too, both parts are covered.
  rmarace_fixture_repeat((char *)tracked + 64, 8, /*store=*/1);
  store_unaligned((char *)tracked + 60); // skipped
  // The next line covered, the first not: 124 to 127 were never checked.
  rmarace_fixture_repeat((char *)tracked + 128, 8, /*store=*/1);
  // CHECK-NEXT: fixture: access w 8 at {{.*}} in store_unaligned{{$}}
  store_unaligned((char *)tracked + 124);
  // Loads covered by loads in the first line and by stores in the second.
  rmarace_fixture_repeat((char *)tracked + 184, 8, /*store=*/0);
  rmarace_fixture_repeat((char *)tracked + 192, 8, /*store=*/1);
  load_unaligned((char *)tracked + 188); // skipped
  // A store is not covered by loads: the first part was loaded only.
  // CHECK-NEXT: fixture: access w 8 at {{.*}} in store_unaligned{{$}}
  store_unaligned((char *)tracked + 188);
  // Two bytes, one in each line.
  // CHECK-NEXT: fixture: access w 2 at {{.*}} in store_short{{$}}
  store_short((char *)tracked + 255);
  rmarace_fixture_repeat((char *)tracked + 248, 8, /*store=*/1);
  rmarace_fixture_repeat((char *)tracked + 256, 8, /*store=*/1);
  store_short((char *)tracked + 255); // skipped
  rmarace_fixture_repeat(&tracked[2], 8, /*store=*/1);
  // CHECK-NEXT: fixture: access rw atomic 8 at {{.*}} in add_atomic{{$}}
  add_atomic((volatile long *)&tracked[2]);
  rmarace_fixture_new_generation();
  // CHECK-NEXT: fixture: access w 8 at {{.*}} in store{{$}}
  store(&tracked[0]);
  // CHECK-NEXT: fixture: access w 8 at {{.*}} in store_unaligned{{$}}
  store_unaligned((char *)tracked + 60);
  // CHECK-NOT: fixture: access
  free(tracked);
  return 0;
}
