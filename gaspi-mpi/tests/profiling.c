/* The profiling interface: this program defines strong gaspi_write, gaspi_notify and
 * gaspi_barrier wrappers that count calls and forward to pgaspi_X (as a tool would). The counts
 * show only the program's own calls: the library's internal barriers (proc_init,
 * segment_create) and notifications (write_notify, read_notify) use internal names. */
#include "check.h"

#include <PGASPI.h>

static int writes;
static int notifies;
static int barriers;

gaspi_return_t gaspi_write(const gaspi_segment_id_t segment_id_local,
                           const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                           const gaspi_segment_id_t segment_id_remote,
                           const gaspi_offset_t offset_remote, const gaspi_size_t size,
                           const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  ++writes;
  return pgaspi_write(segment_id_local, offset_local, rank, segment_id_remote, offset_remote, size,
                      queue, timeout_ms);
}

gaspi_return_t gaspi_notify(const gaspi_segment_id_t segment_id_remote, const gaspi_rank_t rank,
                            const gaspi_notification_id_t notification_id,
                            const gaspi_notification_t notification_value,
                            const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  ++notifies;
  return pgaspi_notify(segment_id_remote, rank, notification_id, notification_value, queue,
                       timeout_ms);
}

gaspi_return_t gaspi_barrier(const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  ++barriers;
  return pgaspi_barrier(group, timeout_ms);
}

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  OK(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  CHECK(barriers == 0 && writes == 0 && notifies == 0, "after create: %d %d %d", barriers, writes,
        notifies);
  OK(gaspi_write_notify(0, 0, next, 0, 8, 0, 1, 1, 0, GASPI_BLOCK)); /* size 0: a notify */
  OK(gaspi_write_notify(0, 0, next, 0, 8, 8, 2, 1, 0, GASPI_BLOCK));
  OK(gaspi_read_notify(0, 16, next, 0, 0, 0, 3, 0, GASPI_BLOCK));
  CHECK(writes == 0 && notifies == 0, "after *_notify: %d writes %d notifies", writes, notifies);
  OK(gaspi_write(0, 0, next, 0, 8, 8, 0, GASPI_BLOCK));
  OK(gaspi_notify(0, next, 4, 1, 0, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  CHECK(writes == 1 && notifies == 1 && barriers == 1, "counts %d %d %d", writes, notifies,
        barriers);
  gaspi_notification_id_t id = 0;
  OK(gaspi_notify_waitsome(0, 4, 1, &id, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  CHECK(barriers == 2, "barriers %d", barriers);
  return 0;
}
