/* Collectives on GASPI_GROUP_ALL: allreduce for every operation and datatype, the element
 * limit, allreduce_user (same result everywhere, folded in rank order, size limit), and
 * timeouts: a barrier or allreduce that returns GASPI_TIMEOUT is finished by calling it again. */
/* NPROCS: 3 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <string.h>
#include <time.h>

enum { ELEMENTS = 255 };

static gaspi_return_t append_digit(gaspi_pointer_t const one, gaspi_pointer_t const two,
                                   gaspi_pointer_t const result, gaspi_reduce_state_t const state,
                                   const gaspi_number_t num, const gaspi_size_t element_size,
                                   const gaspi_timeout_t timeout_ms) {
  (void)timeout_ms;
  (void)element_size;
  ++*(int *)state;
  for (gaspi_number_t i = 0; i < num; ++i)
    ((long *)result)[i] = ((long *)one)[i] * 10 + ((long *)two)[i];
  return GASPI_SUCCESS;
}

static void pause_ms(long ms) {
  struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&pause, NULL);
}

/* For element i on rank r the operand is (r + 1) * (i + 1) (negated for signed types on odd i);
 * MIN, MAX and SUM over 3 ranks follow from that. */
#define CHECK_TYPE(TYPE, GASPI_TYPE, SIGNED)                                                       \
  do {                                                                                             \
    static TYPE in[ELEMENTS];                                                                      \
    static TYPE out[ELEMENTS];                                                                     \
    for (int i = 0; i < ELEMENTS; ++i)                                                             \
      in[i] = (TYPE)((rank + 1) * (i + 1) * ((SIGNED) && i % 2 ? -1 : 1));                         \
    for (int op = GASPI_OP_MIN; op <= GASPI_OP_SUM; ++op) {                                        \
      memset(out, 0, sizeof out);                                                                  \
      OK(gaspi_allreduce(in, out, ELEMENTS, (gaspi_operation_t)op, GASPI_TYPE, GASPI_GROUP_ALL,    \
                         GASPI_BLOCK));                                                            \
      for (int i = 0; i < ELEMENTS; ++i) {                                                         \
        int sign = (SIGNED) && i % 2 ? -1 : 1;                                                     \
        TYPE low = (TYPE)((sign > 0 ? 1 : num) * (i + 1) * sign);                                  \
        TYPE high = (TYPE)((sign > 0 ? num : 1) * (i + 1) * sign);                                 \
        TYPE sum = (TYPE)(num * (num + 1) / 2 * (i + 1) * sign);                                   \
        TYPE want = op == GASPI_OP_MIN ? low : op == GASPI_OP_MAX ? high : sum;                    \
        CHECK(out[i] == want, "%s op %d element %d: %f, expected %f", #TYPE, op, i,                \
              (double)out[i], (double)want);                                                       \
      }                                                                                            \
    }                                                                                              \
  } while (0)

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));

  CHECK_TYPE(int, GASPI_TYPE_INT, 1);
  CHECK_TYPE(unsigned int, GASPI_TYPE_UINT, 0);
  CHECK_TYPE(float, GASPI_TYPE_FLOAT, 1);
  CHECK_TYPE(double, GASPI_TYPE_DOUBLE, 1);
  CHECK_TYPE(long, GASPI_TYPE_LONG, 1);
  CHECK_TYPE(unsigned long, GASPI_TYPE_ULONG, 0);

  static int big[ELEMENTS + 1];
  EXPECT(gaspi_allreduce(big, big, ELEMENTS + 1, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL,
                         GASPI_BLOCK),
         GASPI_ERR_INV_NUM);
  EXPECT(gaspi_allreduce(big, big, 0, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL, GASPI_BLOCK),
         GASPI_ERR_INV_NUM);
  EXPECT(gaspi_allreduce(NULL, big, 1, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL, GASPI_BLOCK),
         GASPI_ERR_NULLPTR);

  /* allreduce_user: 2 elements folded in rank order: 123 and 246 on every rank. */
  long digits[2] = {rank + 1, 2 * (rank + 1)};
  long folded[2] = {0, 0};
  int calls = 0;
  OK(gaspi_allreduce_user(digits, folded, 2, sizeof(long), append_digit, &calls, GASPI_GROUP_ALL,
                          GASPI_BLOCK));
  CHECK(folded[0] == 123 && folded[1] == 246 && calls == num - 1, "folded %ld %ld in %d calls",
        folded[0], folded[1], calls);
  gaspi_size_t buf_size = 0;
  OK(gaspi_allreduce_buf_size(&buf_size));
  EXPECT(gaspi_allreduce_user(big, big, (gaspi_number_t)(buf_size / sizeof(long) + 1), sizeof(long),
                              append_digit, &calls, GASPI_GROUP_ALL, GASPI_BLOCK),
         GASPI_ERR_INV_SIZE);

  /* Timeouts: rank 0 arrives early and tests; the others arrive 100 ms later. */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (rank == 0) {
    EXPECT(gaspi_barrier(GASPI_GROUP_ALL, GASPI_TEST), GASPI_TIMEOUT);
    EXPECT(gaspi_barrier(GASPI_GROUP_ALL, 20), GASPI_TIMEOUT);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK)); /* finishes the same barrier */
  } else {
    pause_ms(100);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }
  int one = 1;
  int count = 0;
  if (rank == 0) {
    EXPECT(gaspi_allreduce(&one, &count, 1, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL, 10),
           GASPI_TIMEOUT);
    EXPECT(gaspi_allreduce_user(digits, folded, 1, sizeof(long), append_digit, &calls,
                                GASPI_GROUP_ALL, GASPI_TEST),
           GASPI_ERR_ACTIVE_COLL);
    OK(gaspi_allreduce(&one, &count, 1, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL,
                       GASPI_BLOCK));
  } else {
    pause_ms(100);
    OK(gaspi_allreduce(&one, &count, 1, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL,
                       GASPI_BLOCK));
  }
  CHECK(count == num, "count %d", count);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
