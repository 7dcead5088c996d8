// Loads and stores of the destination (result) buffer of MPI_Get before the call that completes it
// race with the write MPI does (dissertation, Table 2.1); after the fence they do not.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <mpi.h>
#include <stdlib.h>

int consume(int value);

void get_then_load(MPI_Win win) {
  int *buf = malloc(4 * sizeof(int));
  MPI_Win_fence(0, win);
  // CHECK: mpi-get.c:[[#@LINE+3]]:15: warning: load of the origin buffer of MPI_Get before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: mpi-get.c:[[#@LINE+1]]:3: note: MPI_Get called here; no call that may complete it lies between the two
  MPI_Get(buf, 4, MPI_INT, 1, 0, 4, MPI_INT, win);
  int first = buf[3];
  MPI_Win_fence(0, win);
  consume(first + buf[0]);
  free(buf);
}

void rget_then_store(MPI_Win win, int *result) {
  MPI_Request request;
  // CHECK: mpi-get.c:[[#@LINE+3]]:13: warning: store to the origin buffer of MPI_Rget before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: mpi-get.c:[[#@LINE+1]]:3: note: MPI_Rget called here
  MPI_Rget(result, 1, MPI_DOUBLE, 1, 0, 1, MPI_DOUBLE, win, &request);
  result[1] = 0;
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  result[0] = 0;
}

// Another RMA call that uses the buffer: MPI_Put reads what MPI_Get may still write (Table 2.1);
// two calls that only read one buffer do not race.
void get_then_put(MPI_Win win) {
  int buf[2] = {0, 0};
  MPI_Win_lock_all(0, win);
  // CHECK: mpi-get.c:[[#@LINE+3]]:3: warning: MPI_Put reading the origin buffer of MPI_Get before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: mpi-get.c:[[#@LINE+1]]:3: note: MPI_Get called here
  MPI_Get(buf, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
  MPI_Put(&buf[1], 1, MPI_INT, 1, 4, 1, MPI_INT, win);
  MPI_Win_unlock_all(win);
  MPI_Win_lock_all(0, win);
  MPI_Put(buf, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
  MPI_Put(buf, 2, MPI_INT, 2, 0, 2, MPI_INT, win);
  MPI_Win_unlock_all(win);
}

// Two gets into one buffer under different rank tests are made by different processes: a second
// RMA call counts only when it runs whenever the first does.
void gets_of_two_ranks(MPI_Win win, int rank) {
  int buf = 0;
  MPI_Win_fence(0, win);
  if (rank == 0)
    MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (rank == 2)
    MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
}
