/* notify_waitsome timeouts: GASPI_TEST with nothing set returns GASPI_TIMEOUT at once, a finite
 * timeout returns GASPI_TIMEOUT after about that long, and a notification that arrives during a
 * finite wait ends it with GASPI_SUCCESS. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <time.h>

static double now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_notification_id_t id = 0;

  double start = now_ms();
  EXPECT(gaspi_notify_waitsome(0, 0, 100, &id, GASPI_TEST), GASPI_TIMEOUT);
  double test_ms = now_ms() - start;
  CHECK(test_ms < 50, "GASPI_TEST took %.1f ms", test_ms);

  start = now_ms();
  EXPECT(gaspi_notify_waitsome(0, 0, 100, &id, 100), GASPI_TIMEOUT);
  double waited_ms = now_ms() - start;
  CHECK(waited_ms >= 99 && waited_ms < 1000, "100 ms timeout took %.1f ms", waited_ms);

  /* Rank 1 notifies rank 0 after rank 0 started waiting with a generous timeout. */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (rank == 1) {
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    OK(gaspi_notify(0, 0, 42, 6, 0, GASPI_BLOCK));
    OK(gaspi_wait(0, GASPI_BLOCK));
  } else {
    start = now_ms();
    OK(gaspi_notify_waitsome(0, 0, 100, &id, 5000));
    double arrival_ms = now_ms() - start;
    CHECK(id == 42 && arrival_ms < 4000, "id %u after %.1f ms", id, arrival_ms);
    gaspi_notification_t old = 0;
    OK(gaspi_notify_reset(0, 42, &old));
    CHECK(old == 6, "value %u", old);
    EXPECT(gaspi_notify_waitsome(0, 0, 100, &id, GASPI_TEST), GASPI_TIMEOUT);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
