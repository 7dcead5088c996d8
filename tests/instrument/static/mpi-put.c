// A store to the origin buffer of MPI_Put before the flush that completes it is a local buffer
// race (dissertation, section 2.3.2, Table 2.1); a load is not (MPI only reads the buffer), and
// nothing after the flush is.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <mpi.h>

int consume(int value);

void put_then_store(MPI_Win win) {
  int buf[4] = {1, 2, 3, 4};
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  // CHECK: mpi-put.c:[[#@LINE+3]]:10: warning: store to the origin buffer of MPI_Put before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: mpi-put.c:[[#@LINE+1]]:3: note: MPI_Put called here; no call that may complete it lies between the two
  MPI_Put(buf, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
  buf[1] = 5;
  buf[2] = 6; // outside the two elements put
  consume(buf[0]);
  MPI_Win_flush(1, win);
  buf[0] = 7;
  MPI_Win_unlock(1, win);
  consume(buf[0] + buf[1] + buf[2]);
}

void accumulate_then_store(MPI_Win win, int *origin) {
  MPI_Win_lock_all(0, win);
  // CHECK: mpi-put.c:[[#@LINE+3]]:11: warning: store to the origin buffer of MPI_Accumulate before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: mpi-put.c:[[#@LINE+1]]:3: note: MPI_Accumulate called here
  MPI_Accumulate(origin, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
  *origin = 1;
  MPI_Win_unlock_all(win);
}
