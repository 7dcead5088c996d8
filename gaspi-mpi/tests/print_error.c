/* Error texts (gaspi_print_error, gaspi_error_str) and the statistics interface. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

int main(void) {
  /* Both work before init. */
  gaspi_string_t message = NULL;
  OK(gaspi_print_error(GASPI_ERR_INV_SEG, &message));
  CHECK(message && strcmp(message, "Invalid segment") == 0, "message '%s'", message);
  free(message);
  OK(gaspi_print_error(GASPI_QUEUE_FULL, &message));
  CHECK(strcmp(message, gaspi_error_str(GASPI_QUEUE_FULL)) == 0, "'%s'", message);
  free(message);
  EXPECT(gaspi_print_error(GASPI_SUCCESS, NULL), GASPI_ERR_NULLPTR);
  const gaspi_return_t codes[] = {GASPI_ERROR,       GASPI_SUCCESS,         GASPI_TIMEOUT,
                                  GASPI_ERR_NOINIT,  GASPI_ERR_INV_LOC_OFF, GASPI_ERR_INV_NOTIF_VAL,
                                  GASPI_ERR_MEMALLOC};
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; ++i) {
    const char *text = gaspi_error_str(codes[i]);
    CHECK(text && strlen(text) > 0, "no text for %d", (int)codes[i]);
    for (size_t j = 0; j < i; ++j)
      CHECK(strcmp(text, gaspi_error_str(codes[j])) != 0, "%d and %d share '%s'", (int)codes[i],
            (int)codes[j], text);
  }
  CHECK(strcmp(gaspi_error_str(GASPI_SUCCESS), "Success") == 0, "success");
  CHECK(strcmp(gaspi_error_str((gaspi_return_t)1234), "Unknown error") == 0, "unknown");
  CHECK(strcmp(gaspi_error_str((gaspi_return_t)-5), "Unknown error") == 0, "negative");

  /* Statistics: counters with names, counting per target rank, reset. */
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  gaspi_number_t counters = 0;
  OK(gaspi_statistic_counter_max(&counters));
  CHECK(counters >= 5, "%u counters", counters);
  for (gaspi_statistic_counter_t c = 0; c < counters; ++c) {
    gaspi_statistic_argument_t argument;
    gaspi_string_t name = NULL;
    gaspi_string_t description = NULL;
    gaspi_number_t level = 0;
    OK(gaspi_statistic_counter_info(c, &argument, &name, &description, &level));
    CHECK(argument == GASPI_STATISTIC_ARGUMENT_RANK && name && description, "counter %u", c);
  }
  gaspi_statistic_argument_t argument;
  gaspi_string_t name = NULL;
  gaspi_number_t level = 0;
  EXPECT(gaspi_statistic_counter_info(counters, &argument, &name, &name, &level),
         GASPI_ERR_INV_NUM);
  OK(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  OK(gaspi_write(0, 0, next, 0, 8, 16, 0, GASPI_BLOCK));
  OK(gaspi_write(0, 0, next, 0, 32, 8, 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  unsigned long value = 0;
  OK(gaspi_statistic_counter_get(0, next, &value));
  CHECK(value == 2, "writes %lu", value);
  OK(gaspi_statistic_counter_get(3, next, &value));
  CHECK(value == 24, "bytes written %lu", value);
  EXPECT(gaspi_statistic_counter_get(0, num, &value), GASPI_ERR_INV_RANK);
  OK(gaspi_statistic_counter_reset(0));
  OK(gaspi_statistic_counter_get(0, next, &value));
  CHECK(value == 0, "writes after reset %lu", value);
  OK(gaspi_statistic_verbosity_level(0)); /* counting off */
  OK(gaspi_write(0, 0, next, 0, 8, 16, 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_statistic_counter_get(0, next, &value));
  CHECK(value == 0, "writes counted at level 0: %lu", value);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
