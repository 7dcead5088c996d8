/* What the conformance tests share: CHECK fails the whole job with a message. */
#ifndef SHMEM_MPI_TEST_CHECK_H
#define SHMEM_MPI_TEST_CHECK_H

#include <shmem.h>
#include <stdio.h>

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: PE %d: check failed: %s: ", __FILE__, __LINE__, shmem_my_pe(),       \
              #cond);                                                                              \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, "\n");                                                                       \
      shmem_global_exit(1);                                                                        \
    }                                                                                              \
  } while (0)

#endif
