// End to end with the test fixture in place of the runtime: a search loop (an early exit: no range
// check before the loop) keeps the last page its filter found unmarked (PageCache.h), yet calls
// __rmarace_access for every element of a tracked page; the cache starts empty each time the loop
// is entered, so a page tracked after a search found it unmarked is seen by the next one; and once the runtime
// logs untracked accesses (a multithreaded process), every element reaches it.
// RUN: %clang -O1 -g -fno-unroll-loops -fno-vectorize -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -rmarace-mode=full -I%rmarace_include %s %fixture -Wl,-rpath,%{fixture_dir} -o %t
// RUN: %t 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void rmarace_fixture_track(const void *address, uint64_t size);
void rmarace_fixture_log_untracked(void);

enum { kPage = 4096, kPages = 3, kPerPage = kPage / sizeof(long) };

__attribute__((noinline)) static long search(const long *a, long n, long key) {
  for (long i = 0; i < n; i++)
    if (a[i] == key) // the access at this line
      return i;
  return -1;
}

int main(void) {
  long *a = aligned_alloc(kPage, kPages * kPage);
  for (long i = 0; i < kPages * kPerPage; i++)
    a[i] = i;
  // Nothing tracked: no call; the middle page is the last one the search found unmarked.
  fprintf(stderr, "untracked: %ld\n", search(a + kPerPage, kPerPage, -1));
  // CHECK: untracked: -1
  // CHECK-NOT: fixture:
  rmarace_fixture_track(a + kPerPage, kPage);
  fprintf(stderr, "middle page tracked: %ld\n", search(a + kPerPage, kPerPage, -1));
  // CHECK-COUNT-512: fixture: access r 8 at {{.*}}page-cache.c:19:{{[0-9]+}} in search
  // CHECK-NOT: fixture:
  // CHECK: middle page tracked: -1
  fprintf(stderr, "whole array: %ld\n", search(a, kPages * kPerPage, -1));
  // CHECK-COUNT-512: fixture: access r 8 at {{.*}}page-cache.c:19:{{[0-9]+}} in search
  // CHECK-NOT: fixture:
  // CHECK: whole array: -1
  rmarace_fixture_log_untracked();
  fprintf(stderr, "logging: %ld\n", search(a, kPages * kPerPage, -1));
  // CHECK-COUNT-1536: fixture: access r 8 at {{.*}}page-cache.c:19:{{[0-9]+}} in search
  // CHECK-NOT: fixture:
  // CHECK: logging: -1
  free(a);
  return 0;
}
