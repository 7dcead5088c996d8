// C library functions that hand pointers back later or move them through bytes: strtok and
// strtok_r return pointers into a buffer given at an earlier call, getcwd(NULL, 0) allocates,
// strncpy copies the bytes of a pointer, a pointer printed with %p comes back through sscanf, and
// one written to a pipe comes back through read. Each origin buffer's alias stays instrumented;
// memory none of them reaches does not.
// RUN: %clang %mpi_cflags -O0 -g -S -emit-llvm %s -o %t.O0.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.O0.ll 2>&1 | FileCheck %s
// RUN: %clang %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.O2.ll
// RUN: %opt -passes='print<rmarace-plan>' -rmarace-whole-program -disable-output %t.O2.ll 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static MPI_Win win;

static void put(void *buffer) { MPI_Put(buffer, 4, MPI_CHAR, 1, 0, 4, MPI_CHAR, win); }

int main(int argc, char **argv) {
  char *window;
  MPI_Init(&argc, &argv);
  MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  MPI_Win_fence(0, win);

  char *tokens = malloc(64);
  strcpy(tokens, "a,b");
  put(tokens);
  strtok(tokens, ",");
  char *next = strtok(NULL, ",");
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile char *)next = 'x';

  char *reentrant = malloc(64), *save;
  strcpy(reentrant, "c,d");
  put(reentrant);
  strtok_r(reentrant, ",", &save);
  char *after = strtok_r(NULL, ",", &save);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile char *)after = 'y';

  char *directory = getcwd(NULL, 0);
  put(directory);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile char *)directory = '/';

  int *copied_from = malloc(64), *copy;
  put(copied_from);
  strncpy((char *)&copy, (const char *)&copied_from, sizeof copy);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile int *)copy = 1;

  int *printed = malloc(64);
  char text[32];
  snprintf(text, sizeof text, "%p", (void *)printed);
  put(printed);
  void *scanned;
  sscanf(text, "%p", &scanned);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile int *)scanned = 2;

  int *piped = malloc(64), *received, fds[2];
  if (pipe(fds) != 0 || write(fds[1], &piped, sizeof piped) != sizeof piped) return 1;
  put(piped);
  if (read(fds[0], &received, sizeof received) != sizeof received) return 1;
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} instrumented
  *(volatile int *)received = 3;

  int *private = malloc(64);
  printf("%d\n", fds[0]);
  // CHECK-DAG: store [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
  *(volatile int *)private = 4;

  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
