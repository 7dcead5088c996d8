/* wait_until/test and the all/any/some(_vector) forms with status masks, updated by AMOs. */
/* NPROCS: 2 */
#include "check.h"

enum { N = 4 };

static long flags[N];
static int ivar;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  size_t indices[N];
  int status[N] = {0, 1, 0, 0}; /* element 1 excluded */

  if (me == 0) {
    CHECK(shmem_long_test(&flags[0], SHMEM_CMP_EQ, 0) == 1, "test on 0");
    CHECK(shmem_test_any(flags, N, status, SHMEM_CMP_NE, 0) == SIZE_MAX, "test_any none");
    CHECK(shmem_test_some(flags, N, indices, NULL, SHMEM_CMP_NE, 0) == 0, "test_some none");
    CHECK(shmem_test_all(flags, N, NULL, SHMEM_CMP_EQ, 0) == 1, "test_all zero");
    int all_masked[N] = {1, 1, 1, 1};
    CHECK(shmem_wait_until_any(flags, N, all_masked, SHMEM_CMP_EQ, 0) == SIZE_MAX, "empty any");
    CHECK(shmem_wait_until_some(flags, N, indices, all_masked, SHMEM_CMP_EQ, 0) == 0, "empty some");
  }
  shmem_barrier_all();
  if (me == 1) {
    shmem_int_atomic_set(&ivar, 5, 0);
    shmem_long_atomic_set(&flags[2], 7, 0);
  }
  if (me == 0) {
    shmem_int_wait_until(&ivar, SHMEM_CMP_GE, 5);
    shmem_wait_until(&ivar, SHMEM_CMP_EQ, 5);
    CHECK(shmem_int_test(&ivar, SHMEM_CMP_GT, 4), "test GT");
    CHECK(!shmem_int_test(&ivar, SHMEM_CMP_LT, 5), "test LT");
    CHECK(shmem_int_test(&ivar, SHMEM_CMP_LE, 5) && shmem_int_test(&ivar, SHMEM_CMP_NE, 4),
          "test LE/NE");
    size_t any = shmem_long_wait_until_any(flags, N, status, SHMEM_CMP_NE, 0);
    CHECK(any == 2, "wait_until_any returned %zu", any);
    size_t some = shmem_wait_until_some(flags, N, indices, status, SHMEM_CMP_EQ, 7);
    CHECK(some == 1 && indices[0] == 2, "wait_until_some %zu", some);
    shmem_int_wait(&ivar, 0); /* deprecated: until != 0 */
  }
  shmem_barrier_all();
  /* all / vector forms: PE 1 sets flags[i] = i + 1 except the masked element. */
  if (me == 1)
    for (int i = 0; i < N; ++i)
      if (i != 1) shmem_long_atomic_set(&flags[i], i + 1, 0);
  if (me == 0) {
    long expected[N] = {1, 99, 3, 4};
    shmem_wait_until_all_vector(flags, N, status, SHMEM_CMP_EQ, expected);
    CHECK(shmem_long_test_all_vector(flags, N, status, SHMEM_CMP_EQ, expected), "test_all_vector");
    shmem_long_wait_until_all(flags, N, status, SHMEM_CMP_GT, 0);
    CHECK(shmem_test_any_vector(flags, N, status, SHMEM_CMP_EQ, expected) == 0, "test_any_vector");
    size_t n = shmem_test_some_vector(flags, N, indices, status, SHMEM_CMP_GE, expected);
    CHECK(n == 3 && indices[0] == 0 && indices[1] == 2 && indices[2] == 3, "test_some_vector %zu",
          n);
    CHECK(shmem_wait_until_any_vector(flags, N, NULL, SHMEM_CMP_EQ, expected) == 0, "any_vector");
    size_t m = shmem_long_wait_until_some_vector(flags, N, indices, status, SHMEM_CMP_LE, expected);
    CHECK(m == 3, "wait_until_some_vector %zu", m);
    CHECK(shmem_long_test_any(flags, N, NULL, SHMEM_CMP_EQ, 4) == 3, "test_any");
    CHECK(!shmem_test_all(flags, N, NULL, SHMEM_CMP_EQ, 1), "test_all false");
  }
  shmem_finalize();
  return 0;
}
