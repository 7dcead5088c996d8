// Calls between the RMA call and the access: a call of unknown code may complete the operation (it
// may call MPI_Win_flush), and so may a function of the module that calls one; a function of the
// module that completes nothing does not end the search.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <mpi.h>
#include <string.h>

void unknown(void);
int counter;

static void flushes(MPI_Win win) { MPI_Win_flush_all(win); }

static void counts(void) { ++counter; }

void unknown_call_between(MPI_Win win) {
  int buf = 1;
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  unknown();
  buf = 2;
  MPI_Win_flush(1, win);
}

void completing_helper_between(MPI_Win win) {
  int buf = 1;
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  flushes(win);
  buf = 2;
  MPI_Win_flush(1, win);
}

void harmless_calls_between(MPI_Win win, char *name) {
  int buf[2] = {1, 2};
  // CHECK: calls.c:[[#@LINE+5]]:3: warning: {{write|store}} to the origin buffer of MPI_Put
  // CHECK-NEXT: calls.c:[[#@LINE+1]]:3: note: MPI_Put called here
  MPI_Put(buf, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
  counts();
  name[strlen(name) - 1] = 0;
  memset(buf, 0, sizeof(buf));
  MPI_Win_flush(1, win);
}

void atomic_flag_between(MPI_Win win, _Atomic int *flag) {
  int buf = 1;
  MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  // Another thread may complete the put and publish it.
  while (!*flag) {
  }
  buf = 2;
}
