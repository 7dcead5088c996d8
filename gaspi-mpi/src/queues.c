/* Queues. MPI has no queues: a queue is a lock and a count of posted entries (GPI-2's numbers:
 * write 1, write_notify 2, list num, list_notify num + 1, read_notify 2, notify 1). A post that
 * would exceed queue_size_max returns GASPI_QUEUE_FULL without posting. gaspi_wait completes
 * locally everything posted so far (MPI_Win_flush_local_all: more than the one queue, which is
 * allowed) and resets the count. */
#include "internal.h"

void gaspii_queues_init(void) {
  for (int q = 0; q < GASPII_QUEUE_MAX; ++q) {
    struct gaspii_queue *queue = &gaspii_state.queues[q];
    pthread_mutex_init(&queue->lock, NULL);
    queue->in_use = (gaspi_uint)q < gaspii_state.config.queue_num;
    queue->count = 0;
  }
}

static void complete_locally(void) {
  gaspii_rma_lock();
  MPI_Win_flush_local_all(gaspii_state.data_win);
  gaspii_rma_unlock();
}

void gaspii_queues_finalize(void) {
  complete_locally();
  for (int q = 0; q < GASPII_QUEUE_MAX; ++q) {
    gaspii_state.queues[q].in_use = 0;
    pthread_mutex_destroy(&gaspii_state.queues[q].lock);
  }
}

gaspi_return_t gaspii_check_queue(const char *routine, gaspi_queue_id_t queue) {
  gaspii_lock();
  int exists = queue < GASPII_QUEUE_MAX && gaspii_state.queues[queue].in_use;
  gaspii_unlock();
  if (!exists) return gaspii_error(routine, GASPI_ERR_INV_QUEUE, "queue %u does not exist", queue);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_queue_begin(const char *routine, gaspi_queue_id_t queue,
                                  gaspi_number_t entries) {
  GASPII_TRY(gaspii_check_queue(routine, queue));
  struct gaspii_queue *q = &gaspii_state.queues[queue];
  pthread_mutex_lock(&q->lock);
  gaspi_number_t limit = gaspii_state.config.queue_size_max;
  if (entries > limit || q->count > limit - entries) {
    gaspi_number_t count = q->count;
    pthread_mutex_unlock(&q->lock);
    return gaspii_error(routine, GASPI_QUEUE_FULL,
                        "queue %u holds %u of %u entries, %u more do not fit", queue, count, limit,
                        entries);
  }
  return GASPI_SUCCESS;
}

void gaspii_queue_end(gaspi_queue_id_t queue, gaspi_number_t entries) {
  struct gaspii_queue *q = &gaspii_state.queues[queue];
  q->count += entries;
  pthread_mutex_unlock(&q->lock);
}

/* Completes the queue and empties it; posting calls on the queue wait meanwhile. */
static gaspi_return_t drain(const char *routine, gaspi_queue_id_t queue) {
  GASPII_TRY(gaspii_check_queue(routine, queue));
  struct gaspii_queue *q = &gaspii_state.queues[queue];
  pthread_mutex_lock(&q->lock);
  complete_locally();
  q->count = 0;
  pthread_mutex_unlock(&q->lock);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_wait = pgaspi_wait
gaspi_return_t pgaspi_wait(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_wait";
  (void)timeout_ms; /* MPI_Win_flush_local_all cannot be interrupted */
  GASPII_TRY(gaspii_enter(routine));
  return drain(routine, queue);
}

#pragma weak gaspi_queue_purge = pgaspi_queue_purge
gaspi_return_t pgaspi_queue_purge(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_queue_purge";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  return drain(routine, queue);
}

#pragma weak gaspi_queue_size = pgaspi_queue_size
gaspi_return_t pgaspi_queue_size(const gaspi_queue_id_t queue, gaspi_number_t *const queue_size) {
  static const char routine[] = "gaspi_queue_size";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, queue_size, "queue_size"));
  GASPII_TRY(gaspii_check_queue(routine, queue));
  struct gaspii_queue *q = &gaspii_state.queues[queue];
  pthread_mutex_lock(&q->lock);
  *queue_size = q->count;
  pthread_mutex_unlock(&q->lock);
  return GASPI_SUCCESS;
}

static gaspi_number_t queues_in_use(void) {
  gaspi_number_t count = 0;
  for (int q = 0; q < GASPII_QUEUE_MAX; ++q) count += gaspii_state.queues[q].in_use ? 1 : 0;
  return count;
}

/* Before init: the configured number, as GPI-2 reports it. */
#pragma weak gaspi_queue_num = pgaspi_queue_num
gaspi_return_t pgaspi_queue_num(gaspi_number_t *const queue_num) {
  GASPII_TRY(gaspii_check_pointer("gaspi_queue_num", queue_num, "queue_num"));
  if (!gaspii_state.initialized) {
    gaspi_config_t config = gaspii_config_for_init();
    *queue_num = config.queue_num;
    return GASPI_SUCCESS;
  }
  gaspii_lock();
  *queue_num = queues_in_use();
  gaspii_unlock();
  return GASPI_SUCCESS;
}

/* The new queue gets the lowest free id, which is the current count while queues are deleted
 * from the top, as in GPI-2. */
#pragma weak gaspi_queue_create = pgaspi_queue_create
gaspi_return_t pgaspi_queue_create(gaspi_queue_id_t *const queue,
                                   const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_queue_create";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, queue, "queue"));
  gaspi_return_t result = GASPI_ERR_INV_QUEUE;
  gaspii_lock();
  for (int q = 0; q < GASPII_QUEUE_MAX; ++q) {
    if (!gaspii_state.queues[q].in_use) {
      gaspii_state.queues[q].in_use = 1;
      gaspii_state.queues[q].count = 0;
      *queue = (gaspi_queue_id_t)q;
      result = GASPI_SUCCESS;
      break;
    }
  }
  gaspii_unlock();
  if (result != GASPI_SUCCESS)
    return gaspii_error(routine, result, "all %d queues exist", GASPII_QUEUE_MAX);
  return result;
}

/* Completes what the queue still holds, then removes it. */
#pragma weak gaspi_queue_delete = pgaspi_queue_delete
gaspi_return_t pgaspi_queue_delete(const gaspi_queue_id_t queue) {
  static const char routine[] = "gaspi_queue_delete";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(drain(routine, queue));
  gaspii_lock();
  gaspii_state.queues[queue].in_use = 0;
  gaspii_unlock();
  return GASPI_SUCCESS;
}
