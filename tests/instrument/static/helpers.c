// Functions of the module are followed: an access in a helper called after the RMA call, an
// access at the end of a chain of helpers, and an RMA call in a helper that gets the buffer.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OPT --implicit-check-not=warning:
#include <mpi.h>

int consume(int value);

static int first(const int *p) {
  // CHECK-DAG: helpers.c:[[#@LINE+2]]:10: warning: load of the origin buffer of MPI_Get before the operation is locally complete [-Wrmarace-local-buffer]
  // OPT-DAG: helpers.c:[[#@LINE+1]]:10: warning: load of the origin buffer of MPI_Get
  return *p;
}

static void reset(int *p, int n) {
  // CHECK-DAG: helpers.c:[[#@LINE+2]]:8: warning: store to the origin buffer of MPI_Put
  // OPT-DAG: helpers.c:[[#@LINE+1]]:8: warning: store to the origin buffer of MPI_Put
  p[0] = n;
}

static void reset_deep(int *p) { reset(p, 0); }

static void start_put(int *origin, MPI_Win win) {
  // CHECK-DAG: helpers.c:[[#@LINE+2]]:3: note: MPI_Put called here
  // OPT-DAG: helpers.c:[[#@LINE+1]]:3: note: MPI_Put called here
  MPI_Put(origin, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
}

void access_in_helper(MPI_Win win) {
  int buf = 0;
  MPI_Win_fence(0, win);
  // CHECK-DAG: helpers.c:[[#@LINE+2]]:3: note: MPI_Get called here
  // OPT-DAG: helpers.c:[[#@LINE+1]]:3: note: MPI_Get called here
  MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  consume(first(&buf));
  MPI_Win_fence(0, win);
}

void rma_in_helper(MPI_Win win) {
  int buf = 1;
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  start_put(&buf, win);
  reset_deep(&buf);
  MPI_Win_unlock(1, win);
}
