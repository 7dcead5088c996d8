/* The library state, its lock, and the checks every routine starts with. */
#include "internal.h"

struct gaspii_state gaspii_state = {.lock = PTHREAD_MUTEX_INITIALIZER};
static pthread_mutex_t rma_lock = PTHREAD_MUTEX_INITIALIZER;

void gaspii_lock(void) {
  pthread_mutex_lock(&gaspii_state.lock);
}

void gaspii_unlock(void) {
  pthread_mutex_unlock(&gaspii_state.lock);
}

void gaspii_rma_lock(void) {
  pthread_mutex_lock(&rma_lock);
}

void gaspii_rma_unlock(void) {
  pthread_mutex_unlock(&rma_lock);
}

gaspi_return_t gaspii_enter(const char *routine) {
  if (!gaspii_state.initialized)
    return gaspii_error(routine, GASPI_ERR_NOINIT, "gaspi_proc_init has not been called");
  gaspii_check_killed();
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_check_rank(const char *routine, gaspi_rank_t rank) {
  if (rank >= gaspii_state.nprocs)
    return gaspii_error(routine, GASPI_ERR_INV_RANK, "rank %u out of range (%u processes)",
                        (unsigned)rank, (unsigned)gaspii_state.nprocs);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_check_pointer(const char *routine, const void *pointer, const char *name) {
  if (!pointer) return gaspii_error(routine, GASPI_ERR_NULLPTR, "%s is NULL", name);
  return GASPI_SUCCESS;
}
