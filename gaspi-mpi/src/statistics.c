/* Statistics counters (GPI-2's libGPI2-stats interface): a small set of per-target-rank counters
 * of one-sided traffic, counted when the verbosity level is at least the counter's level. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

enum { COUNTER_VERBOSITY = 1, DEFAULT_VERBOSITY = 1 };

static const struct {
  const char *name;
  const char *description;
} counters[GASPII_COUNTER_COUNT] = {
    [GASPII_COUNTER_WRITES] = {"writes", "write requests posted to the rank"},
    [GASPII_COUNTER_READS] = {"reads", "read requests posted to the rank"},
    [GASPII_COUNTER_NOTIFICATIONS] = {"notifications", "notifications sent to the rank"},
    [GASPII_COUNTER_BYTES_WRITTEN] = {"bytes_written", "bytes written to the rank"},
    [GASPII_COUNTER_BYTES_READ] = {"bytes_read", "bytes read from the rank"},
    [GASPII_COUNTER_ATOMICS] = {"atomics", "atomic operations on the rank"},
    [GASPII_COUNTER_PASSIVE_SENDS] = {"passive_sends", "passive messages sent to the rank"},
};

static unsigned long *values; /* [counter][rank] */
static gaspi_number_t verbosity = DEFAULT_VERBOSITY;

void gaspii_statistics_init(void) {
  values = calloc((size_t)GASPII_COUNTER_COUNT * gaspii_state.nprocs, sizeof *values);
}

void gaspii_statistics_finalize(void) {
  free(values);
  values = NULL;
}

static unsigned long *slot(unsigned counter, gaspi_rank_t rank) {
  return &values[(size_t)counter * gaspii_state.nprocs + rank];
}

void gaspii_count(enum gaspii_counter counter, gaspi_rank_t rank, unsigned long amount) {
  if (!values || __atomic_load_n(&verbosity, __ATOMIC_RELAXED) < COUNTER_VERBOSITY) return;
  __atomic_fetch_add(slot(counter, rank), amount, __ATOMIC_RELAXED);
}

static gaspi_return_t check_counter(const char *routine, gaspi_statistic_counter_t counter) {
  if (counter >= GASPII_COUNTER_COUNT)
    return gaspii_error(routine, GASPI_ERR_INV_NUM, "counter %u not below %d", counter,
                        GASPII_COUNTER_COUNT);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_statistic_verbosity_level = pgaspi_statistic_verbosity_level
gaspi_return_t pgaspi_statistic_verbosity_level(gaspi_number_t verbosity_level) {
  __atomic_store_n(&verbosity, verbosity_level, __ATOMIC_RELAXED);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_statistic_counter_max = pgaspi_statistic_counter_max
gaspi_return_t pgaspi_statistic_counter_max(gaspi_number_t *counter_max) {
  GASPII_TRY(gaspii_check_pointer("gaspi_statistic_counter_max", counter_max, "counter_max"));
  *counter_max = GASPII_COUNTER_COUNT;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_statistic_counter_info = pgaspi_statistic_counter_info
gaspi_return_t pgaspi_statistic_counter_info(gaspi_statistic_counter_t counter,
                                             gaspi_statistic_argument_t *counter_argument,
                                             gaspi_string_t *counter_name,
                                             gaspi_string_t *counter_description,
                                             gaspi_number_t *verbosity_level) {
  static const char routine[] = "gaspi_statistic_counter_info";
  GASPII_TRY(check_counter(routine, counter));
  GASPII_TRY(gaspii_check_pointer(routine, counter_argument, "counter_argument"));
  GASPII_TRY(gaspii_check_pointer(routine, counter_name, "counter_name"));
  GASPII_TRY(gaspii_check_pointer(routine, counter_description, "counter_description"));
  GASPII_TRY(gaspii_check_pointer(routine, verbosity_level, "verbosity_level"));
  *counter_argument = GASPI_STATISTIC_ARGUMENT_RANK;
  /* Constant texts; gaspi_string_t is char * in GPI-2's interface. */
  *counter_name = (gaspi_string_t)(uintptr_t)counters[counter].name;
  *counter_description = (gaspi_string_t)(uintptr_t)counters[counter].description;
  *verbosity_level = COUNTER_VERBOSITY;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_statistic_counter_get = pgaspi_statistic_counter_get
gaspi_return_t pgaspi_statistic_counter_get(gaspi_statistic_counter_t counter,
                                            gaspi_number_t argument, unsigned long *value) {
  static const char routine[] = "gaspi_statistic_counter_get";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(check_counter(routine, counter));
  GASPII_TRY(gaspii_check_pointer(routine, value, "value"));
  if (argument >= gaspii_state.nprocs)
    return gaspii_error(routine, GASPI_ERR_INV_RANK, "rank %u out of range", argument);
  *value = __atomic_load_n(slot(counter, (gaspi_rank_t)argument), __ATOMIC_RELAXED);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_statistic_counter_reset = pgaspi_statistic_counter_reset
gaspi_return_t pgaspi_statistic_counter_reset(gaspi_statistic_counter_t counter) {
  static const char routine[] = "gaspi_statistic_counter_reset";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(check_counter(routine, counter));
  for (gaspi_rank_t r = 0; r < gaspii_state.nprocs; ++r)
    __atomic_store_n(slot(counter, r), 0UL, __ATOMIC_RELAXED);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_statistic_print_counters = pgaspi_statistic_print_counters
gaspi_return_t pgaspi_statistic_print_counters(void) {
  GASPII_TRY(gaspii_enter("gaspi_statistic_print_counters"));
  for (unsigned c = 0; c < GASPII_COUNTER_COUNT; ++c)
    for (gaspi_rank_t r = 0; r < gaspii_state.nprocs; ++r)
      printf("[Rank %4u] %s to rank %u: %lu\n", (unsigned)gaspii_state.rank, counters[c].name,
             (unsigned)r, __atomic_load_n(slot(c, r), __ATOMIC_RELAXED));
  fflush(stdout);
  return GASPI_SUCCESS;
}
