/* What the conformance tests share: CHECK fails the whole job with a message, EXPECT checks the
 * return code of a GASPI call, OK expects GASPI_SUCCESS. */
#ifndef GASPI_MPI_TEST_CHECK_H
#define GASPI_MPI_TEST_CHECK_H

#include <GASPI.h>
#include <GASPI_Ext.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* The rank for messages (-1 before gaspi_proc_init). */
static inline int check_rank(void) {
  gaspi_number_t initialized = 0;
  gaspi_rank_t rank = 0;
  gaspi_initialized(&initialized);
  if (!initialized || gaspi_proc_rank(&rank) != GASPI_SUCCESS) return -1;
  return rank;
}

/* MPI_Abort, not exit: exit handlers would wait in the collective clean-up of the library. */
static inline void check_fail(void) {
  int mpi_up = 0;
  int mpi_down = 0;
  MPI_Initialized(&mpi_up);
  MPI_Finalized(&mpi_down);
  if (mpi_up && !mpi_down) MPI_Abort(MPI_COMM_WORLD, 1);
  exit(1);
}

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: rank %d: check failed: %s: ", __FILE__, __LINE__, check_rank(),      \
              #cond);                                                                              \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, "\n");                                                                       \
      fflush(stderr);                                                                              \
      check_fail();                                                                                \
    }                                                                                              \
  } while (0)

#define EXPECT(call, expected)                                                                     \
  do {                                                                                             \
    gaspi_return_t check_result = (call);                                                          \
    CHECK(check_result == (expected), "%s returned %d (%s), expected %d", #call,                   \
          (int)check_result, gaspi_error_str(check_result), (int)(expected));                      \
  } while (0)

#define OK(call) EXPECT(call, GASPI_SUCCESS)

#endif
