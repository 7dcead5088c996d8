/* Notifications ("weak synchronisation"): gaspi_notify and the *_notify forms of write and read,
 * gaspi_notify_waitsome and gaspi_notify_reset. Each segment has notification_num slots beside
 * its data. A slot is written with MPI_Accumulate(MPI_REPLACE), read with
 * MPI_Get_accumulate(MPI_NO_OP) and reset with MPI_Fetch_and_op(MPI_REPLACE), so that every
 * access is atomic with respect to the others. */
#include "internal.h"

#include <stdlib.h>

/* Slots read per MPI_Get_accumulate while scanning a range in notify_waitsome. */
enum { SCAN_CHUNK = 1024 };
/* The value gaspi_read_notify writes (the call has no value parameter). */
static const gaspi_notification_t READ_NOTIFY_VALUE = 1;

static gaspi_return_t check_value(const char *routine, gaspi_notification_t value) {
  if (value == 0)
    return gaspii_error(routine, GASPI_ERR_INV_NOTIF_VAL, "notification value 0 is not allowed");
  return GASPI_SUCCESS;
}

/* gaspi_notify without the public name: a queue entry that sets slot `id` of `rank`'s segment. */
static gaspi_return_t notify(const char *routine, gaspi_segment_id_t segment_id, gaspi_rank_t rank,
                             gaspi_notification_id_t id, gaspi_notification_t value,
                             gaspi_queue_id_t queue) {
  GASPII_TRY(gaspii_check_queue(routine, queue));
  GASPII_TRY(check_value(routine, value));
  MPI_Aint slot = 0;
  GASPII_TRY(gaspii_remote_notification(routine, rank, segment_id, id, &slot));
  GASPII_TRY(gaspii_queue_begin(routine, queue, 1));
  gaspii_notification_set(rank, slot, value);
  gaspii_queue_end(queue, 1);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_notify = pgaspi_notify
gaspi_return_t pgaspi_notify(const gaspi_segment_id_t segment_id_remote, const gaspi_rank_t rank,
                             const gaspi_notification_id_t notification_id,
                             const gaspi_notification_t notification_value,
                             const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_notify";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  return notify(routine, segment_id_remote, rank, notification_id, notification_value, queue);
}

/* The write lands before the notification: gaspii_notification_set flushes the target first. */
#pragma weak gaspi_write_notify = pgaspi_write_notify
gaspi_return_t pgaspi_write_notify(const gaspi_segment_id_t segment_id_local,
                                   const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                   const gaspi_segment_id_t segment_id_remote,
                                   const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                   const gaspi_notification_id_t notification_id,
                                   const gaspi_notification_t notification_value,
                                   const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_write_notify";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  GASPII_TRY(check_value(routine, notification_value));
  struct gaspii_transfer transfer;
  GASPII_TRY(gaspii_check_transfer(routine, segment_id_local, offset_local, rank, segment_id_remote,
                                   offset_remote, size, &transfer));
  if (size == 0) /* GPI-2: a plain notify */
    return notify(routine, segment_id_remote, rank, notification_id, notification_value, queue);
  MPI_Aint slot = 0;
  GASPII_TRY(gaspii_remote_notification(routine, rank, segment_id_remote, notification_id, &slot));
  GASPII_TRY(gaspii_queue_begin(routine, queue, 2));
  gaspii_post(GASPII_WRITE, rank, &transfer);
  gaspii_notification_set(rank, slot, notification_value);
  gaspii_queue_end(queue, 2);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_write_list_notify = pgaspi_write_list_notify
gaspi_return_t pgaspi_write_list_notify(
    const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
    gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
    gaspi_segment_id_t *const segment_id_remote, gaspi_offset_t *const offset_remote,
    gaspi_size_t *const size, const gaspi_segment_id_t segment_id_notification,
    const gaspi_notification_id_t notification_id, const gaspi_notification_t notification_value,
    const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_write_list_notify";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  GASPII_TRY(check_value(routine, notification_value));
  MPI_Aint slot = 0;
  GASPII_TRY(
      gaspii_remote_notification(routine, rank, segment_id_notification, notification_id, &slot));
  struct gaspii_transfer_list list = {
      num, segment_id_local, offset_local, segment_id_remote, offset_remote, size};
  struct gaspii_transfer *transfers = NULL;
  GASPII_TRY(gaspii_check_list(routine, &list, rank, &transfers));
  gaspi_return_t result = gaspii_queue_begin(routine, queue, num + 1);
  if (result == GASPI_SUCCESS) {
    for (gaspi_number_t i = 0; i < num; ++i) gaspii_post(GASPII_WRITE, rank, &transfers[i]);
    gaspii_notification_set(rank, slot, notification_value);
    gaspii_queue_end(queue, num + 1);
  }
  free(transfers);
  return result;
}

/* The local slot is set only after MPI_Win_flush has brought the data: a process that sees the
 * notification sees the data. */
#pragma weak gaspi_read_notify = pgaspi_read_notify
gaspi_return_t pgaspi_read_notify(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                  const gaspi_segment_id_t segment_id_remote,
                                  const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                  const gaspi_notification_id_t notification_id,
                                  const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_read_notify";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  struct gaspii_transfer transfer;
  GASPII_TRY(gaspii_check_transfer(routine, segment_id_local, offset_local, rank, segment_id_remote,
                                   offset_remote, size, &transfer));
  gaspi_rank_t self = gaspii_state.rank;
  if (size == 0) /* GPI-2: a notify to this rank with value 1 */
    return notify(routine, segment_id_local, self, notification_id, READ_NOTIFY_VALUE, queue);
  MPI_Aint slot = 0;
  GASPII_TRY(gaspii_remote_notification(routine, self, segment_id_local, notification_id, &slot));
  GASPII_TRY(gaspii_queue_begin(routine, queue, 2));
  gaspii_post(GASPII_READ, rank, &transfer);
  gaspii_rma_lock();
  MPI_Win_flush(rank, gaspii_state.data_win);
  gaspii_rma_unlock();
  gaspii_notification_set(self, slot, READ_NOTIFY_VALUE);
  gaspii_queue_end(queue, 2);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_read_list_notify = pgaspi_read_list_notify
gaspi_return_t
pgaspi_read_list_notify(const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
                        gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                        gaspi_segment_id_t *const segment_id_remote,
                        gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                        const gaspi_segment_id_t segment_id_notification,
                        const gaspi_notification_id_t notification_id, const gaspi_queue_id_t queue,
                        const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_read_list_notify";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  gaspi_rank_t self = gaspii_state.rank;
  MPI_Aint slot = 0;
  GASPII_TRY(
      gaspii_remote_notification(routine, self, segment_id_notification, notification_id, &slot));
  struct gaspii_transfer_list list = {
      num, segment_id_local, offset_local, segment_id_remote, offset_remote, size};
  struct gaspii_transfer *transfers = NULL;
  GASPII_TRY(gaspii_check_list(routine, &list, rank, &transfers));
  gaspi_return_t result = gaspii_queue_begin(routine, queue, num + 1);
  if (result == GASPI_SUCCESS) {
    for (gaspi_number_t i = 0; i < num; ++i) gaspii_post(GASPII_READ, rank, &transfers[i]);
    gaspii_rma_lock();
    MPI_Win_flush(rank, gaspii_state.data_win);
    gaspii_rma_unlock();
    gaspii_notification_set(self, slot, READ_NOTIFY_VALUE);
    gaspii_queue_end(queue, num + 1);
  }
  free(transfers);
  return result;
}

/* The lowest set slot of [begin, begin + num) of this rank's segment whose slot `begin` is at
 * `first_slot`, or -1. Reads chunk by chunk and stops at the first chunk with a set slot. */
static long lowest_set(MPI_Aint first_slot, gaspi_number_t num) {
  gaspi_notification_t values[SCAN_CHUNK];
  gaspi_rank_t self = gaspii_state.rank;
  for (gaspi_number_t done = 0; done < num;) {
    int count = (int)(num - done < SCAN_CHUNK ? num - done : SCAN_CHUNK);
    MPI_Aint at = MPI_Aint_add(first_slot, (MPI_Aint)(done * sizeof(gaspi_notification_t)));
    gaspii_rma_lock();
    MPI_Get_accumulate(NULL, 0, MPI_UNSIGNED, values, count, MPI_UNSIGNED, self, at, count,
                       MPI_UNSIGNED, MPI_NO_OP, gaspii_state.data_win);
    MPI_Win_flush(self, gaspii_state.data_win);
    gaspii_rma_unlock();
    for (int i = 0; i < count; ++i)
      if (values[i] != 0) return (long)(done + (gaspi_number_t)i);
    done += (gaspi_number_t)count;
  }
  return -1;
}

/* After a notification was seen, the program's loads must see what arrived before it. */
static void acquire(void) {
  gaspii_rma_lock();
  MPI_Win_sync(gaspii_state.data_win);
  gaspii_rma_unlock();
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
}

#pragma weak gaspi_notify_waitsome = pgaspi_notify_waitsome
gaspi_return_t pgaspi_notify_waitsome(const gaspi_segment_id_t segment_id_local,
                                      const gaspi_notification_id_t notification_begin,
                                      const gaspi_number_t num,
                                      gaspi_notification_id_t *const first_id,
                                      const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_notify_waitsome";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, first_id, "first_id"));
  if (num == 0) return GASPI_SUCCESS;
  GASPII_TRY(gaspii_check_notification_id(routine, notification_begin));
  if (num > gaspii_state.config.notification_num - notification_begin)
    return gaspii_error(routine, GASPI_ERR_INV_NUM,
                        "range [%u, %u + %u) goes beyond notification_num %u", notification_begin,
                        notification_begin, num, gaspii_state.config.notification_num);
  MPI_Aint first_slot = 0;
  GASPII_TRY(gaspii_remote_notification(routine, gaspii_state.rank, segment_id_local,
                                        notification_begin, &first_slot));
  struct gaspii_deadline deadline = gaspii_deadline(timeout_ms);
  for (;;) {
    long found = lowest_set(first_slot, num);
    if (found >= 0) {
      *first_id = notification_begin + (gaspi_notification_id_t)found;
      acquire();
      return GASPI_SUCCESS;
    }
    if (gaspii_deadline_passed(&deadline)) {
      /* Programs poll with GASPI_TEST in their own loops: each call must make progress, or a
       * writer whose transfer needs this process (UCX) never finishes. */
      gaspii_progress();
      return GASPI_TIMEOUT;
    }
    gaspii_poll_pause();
  }
}

#pragma weak gaspi_notify_reset = pgaspi_notify_reset
gaspi_return_t pgaspi_notify_reset(const gaspi_segment_id_t segment_id_local,
                                   const gaspi_notification_id_t notification_id,
                                   gaspi_notification_t *const old_notification_val) {
  static const char routine[] = "gaspi_notify_reset";
  GASPII_TRY(gaspii_enter(routine));
  gaspi_rank_t self = gaspii_state.rank;
  MPI_Aint slot = 0;
  GASPII_TRY(gaspii_remote_notification(routine, self, segment_id_local, notification_id, &slot));
  const gaspi_notification_t zero = 0;
  gaspi_notification_t old = 0;
  gaspii_rma_lock();
  MPI_Fetch_and_op(&zero, &old, MPI_UNSIGNED, self, slot, MPI_REPLACE, gaspii_state.data_win);
  MPI_Win_flush(self, gaspii_state.data_win);
  gaspii_rma_unlock();
  if (old != 0)
    acquire();
  else
    gaspii_progress(); /* a reset that found nothing is a poll as well (see waitsome) */
  if (old_notification_val) *old_notification_val = old;
  return GASPI_SUCCESS;
}
