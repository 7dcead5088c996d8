// The check is a must-analysis: it warns only when no path from the RMA call to the access passes a
// call that may complete the operation. A completion on one branch is enough to stay silent.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <mpi.h>

void completion_on_one_branch(MPI_Win win, int early) {
  int buf = 1;
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (early)
    MPI_Win_flush_local(1, win);
  buf = 2;
  MPI_Win_flush(1, win);
}

void completion_on_both_branches(MPI_Win win, int early) {
  int buf = 1;
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (early)
    MPI_Win_flush_local(1, win);
  else
    MPI_Win_flush(1, win);
  buf = 2;
}

void no_completion_on_any_branch(MPI_Win win, int twice, int *count) {
  int buf = 1;
  // CHECK: branches.c:[[#@LINE+7]]:7: warning: store to the origin buffer of MPI_Put
  // CHECK-NEXT: branches.c:[[#@LINE+1]]:3: note: MPI_Put called here
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (twice)
    *count += 2;
  else
    *count += 1;
  buf = 2;
  MPI_Win_flush(1, win);
}

void access_on_one_branch(MPI_Win win, int late, int *total) {
  int buf = 1;
  // CHECK: branches.c:[[#@LINE+7]]:9: warning: store to the origin buffer of MPI_Put
  // CHECK-NEXT: branches.c:[[#@LINE+1]]:3: note: MPI_Put called here
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (late) {
    MPI_Win_flush(1, win);
    *total += buf;
  } else {
    buf = 2;
  }
  MPI_Win_flush(1, win);
}

void loop_with_completion(MPI_Win win, int n) {
  int buf = 0;
  for (int i = 0; i < n; ++i) {
    buf = i;
    MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_flush_local(1, win);
  }
}
