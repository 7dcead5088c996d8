// End to end with the test fixture in place of the runtime (which remembers nothing, so every
// check that runs reaches it): an access whose address stays the same in a loop nest that cannot
// synchronise is checked the first time it runs after the outermost such loop is entered
// (OncePerLoop.h), also when it runs in only some iterations; each entry of the loop checks it
// again; an access in a loop that may synchronise is checked every time, and so is every access
// with -rmarace-once-per-loop=false.
// clang-format off
// RUN: %clang -O1 -g -fno-unroll-loops -fno-vectorize -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -rmarace-mode=full -I%rmarace_include %s %fixture -Wl,-rpath,%{fixture_dir} -o %t
// RUN: %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -fno-unroll-loops -fno-vectorize -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -rmarace-mode=full -mllvm -rmarace-once-per-loop=false -I%rmarace_include %s %fixture -Wl,-rpath,%{fixture_dir} -o %t.off
// RUN: %t.off 2>&1 | FileCheck %s --check-prefix=OFF
// clang-format on
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void rmarace_fixture_track(const void *address, uint64_t size);
int MPI_Pcontrol(const int level, ...);

// *limit is loaded only for positive values (so not hoisted out of the loop by the compiler).
__attribute__((noinline)) static long count_above(const long *limit, const long *v, long n) {
  long count = 0;
  for (long i = 0; i < n; i++)
    if (v[i] > 0 && v[i] > *limit)
      count++;
  // Twice, each time once; without, once per positive value.
  // CHECK: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 3]]:{{[0-9]+}} in count_above
  // CHECK-NOT: access
  // CHECK: above: 4
  // CHECK: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 6]]:{{[0-9]+}} in count_above
  // CHECK-NOT: access
  // CHECK: above again: 4
  // OFF-COUNT-8: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 9]]:{{[0-9]+}} in count_above
  // OFF-NOT: access
  // OFF: above: 4
  // OFF-COUNT-8: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 12]]:{{[0-9]+}} in count_above
  // OFF-NOT: access
  // OFF: above again: 4
  return count;
}

// The neighbour search of a molecular dynamics code, which scans the candidates of each
// neighbouring cell (here the same list twice): atom i's position stays the same in both scans,
// checked once per i (per entry of the outermost loop that keeps it); the candidates' positions
// are indirect, checked every time. With 4 atoms of 2 candidates each (and themselves): 4 + 16
// checks; 16 + 16 without.
__attribute__((noinline)) static long neighbours(const double *x, const int *start,
                                                 const int *atoms, int n) {
  long count = 0;
  for (int i = 0; i < n; i++)
    for (int cell = 0; cell < 2; cell++)
      for (int k = start[i]; k < start[i + 1]; k++) {
        int j = atoms[k];
        if (j == i) continue;
        if (x[3 * j] - x[3 * i] < 1.0)
          count++;
        // CHECK-COUNT-20: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 2]]:{{[0-9]+}} in neighbours
        // CHECK-NOT: access
        // CHECK: neighbours: 8
        // OFF-COUNT-32: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 5]]:{{[0-9]+}} in neighbours
        // OFF-NOT: access
        // OFF: neighbours: 8
      }
  return count;
}

// A loop that may synchronise: checked in every iteration.
__attribute__((noinline)) static long synchronising(const long *limit, const long *v, long n) {
  long count = 0;
  for (long i = 0; i < n; i++) {
    if (v[i] > *limit)
      count++;
    MPI_Pcontrol(0);
    // CHECK-COUNT-3: fixture: access r 8 at {{.*}}once-per-loop.c:[[# @LINE - 3]]:{{[0-9]+}} in synchronising{{[[:space:]]+}}fixture: MPI call
    // CHECK-NOT: access
    // CHECK: synchronising: 0
  }
  return count;
}

int main(void) {
  enum { kPage = 4096, kValues = 8, kAtoms = 4, kCandidates = 3 };
  long *limit = aligned_alloc(kPage, kPage);
  long values[kValues] = {1, 2, 3, 4, 5, 6, 7, 8};
  *limit = 4;
  rmarace_fixture_track(limit, kPage);
  fprintf(stderr, "above: %ld\n", count_above(limit, values, kValues));
  fprintf(stderr, "above again: %ld\n", count_above(limit, values, kValues));

  // Every atom lists itself and two others.
  double *x = aligned_alloc(kPage, kPage);
  for (int i = 0; i < 3 * kAtoms; i++) x[i] = i;
  int start[kAtoms + 1] = {0, 3, 6, 9, 12};
  int atoms[kAtoms * kCandidates] = {0, 1, 2, 0, 1, 3, 1, 2, 3, 0, 2, 3};
  rmarace_fixture_track(x, kPage);
  fprintf(stderr, "neighbours: %ld\n", neighbours(x, start, atoms, kAtoms));

  fprintf(stderr, "synchronising: %ld\n", synchronising(limit, values, 3));
  free(x);
  free(limit);
  return 0;
}
