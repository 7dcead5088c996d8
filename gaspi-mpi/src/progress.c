/* Polling loops: MPI progress, yielding, and the GASPI timeouts (GASPI_BLOCK waits forever,
 * GASPI_TEST makes one attempt, other values are upper bounds in milliseconds). */
#define _GNU_SOURCE
#include "internal.h"

#include <sched.h>
#include <time.h>

enum { MS_PER_SECOND = 1000 };
static const double NS_PER_MS = 1e6;

/* Open MPI's UCX one-sided component may need the target to progress (software RMA when the
 * transports cannot reach the target's memory directly, and for accumulates): MPI_Iprobe on the
 * library's communicator, which carries no messages, drives MPI's progress engine. */
void gaspii_progress(void) {
  int flag = 0;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, gaspii_state.world, &flag, MPI_STATUS_IGNORE);
}

void gaspii_poll_pause(void) {
  gaspii_progress();
  gaspii_check_killed();
  sched_yield();
}

double gaspii_now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec * MS_PER_SECOND + (double)now.tv_nsec / NS_PER_MS;
}

struct gaspii_deadline gaspii_deadline(gaspi_timeout_t timeout_ms) {
  struct gaspii_deadline deadline = {.forever = timeout_ms == GASPI_BLOCK, .end_ms = 0};
  if (!deadline.forever) deadline.end_ms = gaspii_now_ms() + (double)timeout_ms;
  return deadline;
}

int gaspii_deadline_passed(const struct gaspii_deadline *deadline) {
  return !deadline->forever && gaspii_now_ms() >= deadline->end_ms;
}

gaspi_return_t gaspii_wait_request(MPI_Request *request, gaspi_timeout_t timeout_ms) {
  struct gaspii_deadline deadline = gaspii_deadline(timeout_ms);
  for (;;) {
    int done = 0;
    MPI_Test(request, &done, MPI_STATUS_IGNORE);
    if (done) return GASPI_SUCCESS;
    if (gaspii_deadline_passed(&deadline)) return GASPI_TIMEOUT;
    gaspii_poll_pause();
  }
}
