/* One-sided communication: gaspi_write, gaspi_read and their list forms, posted to a queue as
 * MPI_Put / MPI_Get on the dynamic window and completed locally by gaspi_wait. Every argument is
 * checked before anything is posted, so a failing call posts nothing. */
#include "internal.h"

#include <stdlib.h>

/* Largest transfer handed to one MPI call (counts are int). */
static const gaspi_size_t MAX_CHUNK = (gaspi_size_t)1 << 30;

void gaspii_put(const void *source, gaspi_rank_t rank, MPI_Aint displacement, gaspi_size_t size) {
  const char *from = source;
  gaspii_rma_lock();
  while (size > 0) {
    int chunk = (int)(size < MAX_CHUNK ? size : MAX_CHUNK);
    MPI_Put(from, chunk, MPI_BYTE, rank, displacement, chunk, MPI_BYTE, gaspii_state.data_win);
    from += chunk;
    displacement = MPI_Aint_add(displacement, chunk);
    size -= (gaspi_size_t)chunk;
  }
  gaspii_rma_unlock();
}

void gaspii_get(void *destination, gaspi_rank_t rank, MPI_Aint displacement, gaspi_size_t size) {
  char *to = destination;
  gaspii_rma_lock();
  while (size > 0) {
    int chunk = (int)(size < MAX_CHUNK ? size : MAX_CHUNK);
    MPI_Get(to, chunk, MPI_BYTE, rank, displacement, chunk, MPI_BYTE, gaspii_state.data_win);
    to += chunk;
    displacement = MPI_Aint_add(displacement, chunk);
    size -= (gaspi_size_t)chunk;
  }
  gaspii_rma_unlock();
}

/* The flush before the accumulate makes every earlier write to `rank` (of any queue) arrive
 * first, which gives GASPI's non-overtaking rule; the flush after it completes the notification
 * at the target, so it arrives even if this process stops calling MPI. */
void gaspii_notification_set(gaspi_rank_t rank, MPI_Aint displacement, gaspi_notification_t value) {
  gaspii_rma_lock();
  MPI_Win_flush(rank, gaspii_state.data_win);
  MPI_Accumulate(&value, 1, MPI_UNSIGNED, rank, displacement, 1, MPI_UNSIGNED, MPI_REPLACE,
                 gaspii_state.data_win);
  MPI_Win_flush(rank, gaspii_state.data_win);
  gaspii_rma_unlock();
  gaspii_count(GASPII_COUNTER_NOTIFICATIONS, rank, 1);
}

gaspi_return_t gaspii_check_transfer(const char *routine, gaspi_segment_id_t segment_id_local,
                                     gaspi_offset_t offset_local, gaspi_rank_t rank,
                                     gaspi_segment_id_t segment_id_remote,
                                     gaspi_offset_t offset_remote, gaspi_size_t size,
                                     struct gaspii_transfer *transfer) {
  GASPII_TRY(gaspii_check_rank(routine, rank));
  if (size > gaspii_state.config.transfer_size_max)
    return gaspii_error(routine, GASPI_ERR_INV_COMMSIZE, "size %lu above transfer_size_max %lu",
                        size, gaspii_state.config.transfer_size_max);
  GASPII_TRY(gaspii_local_range(routine, segment_id_local, offset_local, size,
                                GASPI_ERR_INV_LOC_OFF, &transfer->local));
  GASPII_TRY(gaspii_remote_range(routine, rank, segment_id_remote, offset_remote, size,
                                 &transfer->remote));
  transfer->size = size;
  return GASPI_SUCCESS;
}

void gaspii_post(enum gaspii_direction direction, gaspi_rank_t rank,
                 const struct gaspii_transfer *transfer) {
  if (transfer->size == 0) return;
  if (direction == GASPII_WRITE) {
    gaspii_put(transfer->local, rank, transfer->remote, transfer->size);
    gaspii_count(GASPII_COUNTER_WRITES, rank, 1);
    gaspii_count(GASPII_COUNTER_BYTES_WRITTEN, rank, transfer->size);
  } else {
    gaspii_get(transfer->local, rank, transfer->remote, transfer->size);
    gaspii_count(GASPII_COUNTER_READS, rank, 1);
    gaspii_count(GASPII_COUNTER_BYTES_READ, rank, transfer->size);
  }
}

static gaspi_return_t post_transfer(const char *routine, enum gaspii_direction direction,
                                    gaspi_segment_id_t segment_id_local,
                                    gaspi_offset_t offset_local, gaspi_rank_t rank,
                                    gaspi_segment_id_t segment_id_remote,
                                    gaspi_offset_t offset_remote, gaspi_size_t size,
                                    gaspi_queue_id_t queue) {
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  struct gaspii_transfer checked;
  GASPII_TRY(gaspii_check_transfer(routine, segment_id_local, offset_local, rank, segment_id_remote,
                                   offset_remote, size, &checked));
  if (size == 0) return GASPI_SUCCESS; /* GPI-2 posts nothing */
  GASPII_TRY(gaspii_queue_begin(routine, queue, 1));
  gaspii_post(direction, rank, &checked);
  gaspii_queue_end(queue, 1);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_write = pgaspi_write
gaspi_return_t pgaspi_write(const gaspi_segment_id_t segment_id_local,
                            const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                            const gaspi_segment_id_t segment_id_remote,
                            const gaspi_offset_t offset_remote, const gaspi_size_t size,
                            const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  (void)timeout_ms; /* posting never waits */
  return post_transfer("gaspi_write", GASPII_WRITE, segment_id_local, offset_local, rank,
                       segment_id_remote, offset_remote, size, queue);
}

#pragma weak gaspi_read = pgaspi_read
gaspi_return_t pgaspi_read(const gaspi_segment_id_t segment_id_local,
                           const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                           const gaspi_segment_id_t segment_id_remote,
                           const gaspi_offset_t offset_remote, const gaspi_size_t size,
                           const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  (void)timeout_ms;
  return post_transfer("gaspi_read", GASPII_READ, segment_id_local, offset_local, rank,
                       segment_id_remote, offset_remote, size, queue);
}

gaspi_return_t gaspii_check_list(const char *routine, const struct gaspii_transfer_list *list,
                                 gaspi_rank_t rank, struct gaspii_transfer **transfers) {
  if (list->num == 0 || list->num > gaspii_state.config.rw_list_elem_max)
    return gaspii_error(routine, GASPI_ERR_INV_NUM, "num %u not in [1, rw_list_elem_max %u]",
                        list->num, gaspii_state.config.rw_list_elem_max);
  GASPII_TRY(gaspii_check_pointer(routine, list->segment_id_local, "segment_id_local"));
  GASPII_TRY(gaspii_check_pointer(routine, list->offset_local, "offset_local"));
  GASPII_TRY(gaspii_check_pointer(routine, list->segment_id_remote, "segment_id_remote"));
  GASPII_TRY(gaspii_check_pointer(routine, list->offset_remote, "offset_remote"));
  GASPII_TRY(gaspii_check_pointer(routine, list->size, "size"));
  struct gaspii_transfer *checked = calloc(list->num, sizeof *checked);
  if (!checked) return gaspii_error(routine, GASPI_ERR_MEMALLOC, "no memory for the list");
  for (gaspi_number_t i = 0; i < list->num; ++i) {
    gaspi_return_t result = gaspii_check_transfer(
        routine, list->segment_id_local[i], list->offset_local[i], rank, list->segment_id_remote[i],
        list->offset_remote[i], list->size[i], &checked[i]);
    if (result != GASPI_SUCCESS) {
      free(checked);
      return result;
    }
  }
  *transfers = checked;
  return GASPI_SUCCESS;
}

static gaspi_return_t post_transfer_list(const char *routine, enum gaspii_direction direction,
                                         const struct gaspii_transfer_list *list, gaspi_rank_t rank,
                                         gaspi_queue_id_t queue) {
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  struct gaspii_transfer *transfers = NULL;
  GASPII_TRY(gaspii_check_list(routine, list, rank, &transfers));
  gaspi_return_t result = gaspii_queue_begin(routine, queue, list->num);
  if (result == GASPI_SUCCESS) {
    for (gaspi_number_t i = 0; i < list->num; ++i) gaspii_post(direction, rank, &transfers[i]);
    gaspii_queue_end(queue, list->num);
  }
  free(transfers);
  return result;
}

#pragma weak gaspi_write_list = pgaspi_write_list
gaspi_return_t pgaspi_write_list(const gaspi_number_t num,
                                 gaspi_segment_id_t *const segment_id_local,
                                 gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                 gaspi_segment_id_t *const segment_id_remote,
                                 gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                 const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  (void)timeout_ms;
  struct gaspii_transfer_list list = {
      num, segment_id_local, offset_local, segment_id_remote, offset_remote, size};
  return post_transfer_list("gaspi_write_list", GASPII_WRITE, &list, rank, queue);
}

#pragma weak gaspi_read_list = pgaspi_read_list
gaspi_return_t pgaspi_read_list(const gaspi_number_t num,
                                gaspi_segment_id_t *const segment_id_local,
                                gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                gaspi_segment_id_t *const segment_id_remote,
                                gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  (void)timeout_ms;
  struct gaspii_transfer_list list = {
      num, segment_id_local, offset_local, segment_id_remote, offset_remote, size};
  return post_transfer_list("gaspi_read_list", GASPII_READ, &list, rank, queue);
}
