/* Passive communication: a synchronous send (MPI_Issend) and an any-source receive
 * (MPI_Improbe + MPI_Mrecv) on a duplicated communicator of their own, both polled until done
 * or the timeout passes.
 *
 * Open MPI 4.1 cannot cancel an unmatched synchronous send: MPI_Wait after MPI_Cancel never
 * returns. So a gaspi_passive_send that times out stays posted, as GASPI's "call again to
 * finish" allows: the next call with the same rank, address and size continues waiting for it
 * instead of sending a second message. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { PASSIVE_TAG = 1 };

/* A send that returned GASPI_TIMEOUT. */
struct pending_send {
  gaspi_rank_t rank;
  const char *buffer;
  gaspi_size_t size;
  MPI_Request request;
  struct pending_send *next;
};

static struct pending_send *pending_sends; /* guarded by the library lock */

void gaspii_passive_init(void) {
  pending_sends = NULL;
}

/* Unmatched sends stay with MPI (MPI_Request_free); the buffers belonged to segments. */
void gaspii_passive_finalize(void) {
  while (pending_sends) {
    struct pending_send *send = pending_sends;
    pending_sends = send->next;
    MPI_Request_free(&send->request);
    free(send);
  }
}

static gaspi_return_t check_size(const char *routine, gaspi_size_t size) {
  gaspi_size_t max = gaspii_state.config.passive_transfer_size_max;
  if (size < 1 || size > max)
    return gaspii_error(routine, GASPI_ERR_INV_COMMSIZE, "size %lu not in [1, %lu]", size, max);
  return GASPI_SUCCESS;
}

/* The pending send with these arguments, or a new one (NULL if out of memory). */
static struct pending_send *find_or_start(gaspi_rank_t rank, const char *buffer,
                                          gaspi_size_t size) {
  gaspii_lock();
  struct pending_send *send = pending_sends;
  while (send && !(send->rank == rank && send->buffer == buffer && send->size == size))
    send = send->next;
  if (!send) {
    send = calloc(1, sizeof *send);
    if (send) {
      send->rank = rank;
      send->buffer = buffer;
      send->size = size;
      MPI_Issend(buffer, (int)size, MPI_BYTE, rank, PASSIVE_TAG, gaspii_state.passive,
                 &send->request);
      send->next = pending_sends;
      pending_sends = send;
    }
  }
  gaspii_unlock();
  return send;
}

static void forget(struct pending_send *done) {
  gaspii_lock();
  struct pending_send **link = &pending_sends;
  while (*link != done) link = &(*link)->next;
  *link = done->next;
  gaspii_unlock();
  free(done);
}

#pragma weak gaspi_passive_send = pgaspi_passive_send
gaspi_return_t pgaspi_passive_send(const gaspi_segment_id_t segment_id_local,
                                   const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                   const gaspi_size_t size, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_passive_send";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_rank(routine, rank));
  GASPII_TRY(check_size(routine, size));
  char *buffer = NULL;
  GASPII_TRY(gaspii_local_range(routine, segment_id_local, offset_local, size,
                                GASPI_ERR_INV_LOC_OFF, &buffer));
  struct pending_send *send = find_or_start(rank, buffer, size);
  if (!send) return gaspii_error(routine, GASPI_ERR_MEMALLOC, "no memory for the request");
  gaspi_return_t result = gaspii_wait_request(&send->request, timeout_ms);
  if (result == GASPI_SUCCESS) {
    forget(send);
    gaspii_count(GASPII_COUNTER_PASSIVE_SENDS, rank, 1);
  }
  return result;
}

/* Receives the matched message into `buffer`; a longer message is truncated to `size` bytes. */
static gaspi_return_t receive(const char *routine, MPI_Message *message, MPI_Status *status,
                              char *buffer, gaspi_size_t size) {
  int count = 0;
  MPI_Get_count(status, MPI_BYTE, &count);
  if ((gaspi_size_t)count <= size) {
    MPI_Mrecv(buffer, count, MPI_BYTE, message, MPI_STATUS_IGNORE);
    return GASPI_SUCCESS;
  }
  char *whole = malloc((size_t)count);
  if (!whole) return gaspii_error(routine, GASPI_ERR_MEMALLOC, "no memory for %d bytes", count);
  MPI_Mrecv(whole, count, MPI_BYTE, message, MPI_STATUS_IGNORE);
  memcpy(buffer, whole, size);
  free(whole);
  return gaspii_error(routine, GASPI_ERR_INV_SIZE, "message of %d bytes truncated to %lu", count,
                      size);
}

#pragma weak gaspi_passive_receive = pgaspi_passive_receive
gaspi_return_t pgaspi_passive_receive(const gaspi_segment_id_t segment_id_local,
                                      const gaspi_offset_t offset_local,
                                      gaspi_rank_t *const rem_rank, const gaspi_size_t size,
                                      const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_passive_receive";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, rem_rank, "rem_rank"));
  GASPII_TRY(check_size(routine, size));
  char *buffer = NULL;
  GASPII_TRY(gaspii_local_range(routine, segment_id_local, offset_local, size,
                                GASPI_ERR_INV_LOC_OFF, &buffer));
  struct gaspii_deadline deadline = gaspii_deadline(timeout_ms);
  for (;;) {
    int found = 0;
    MPI_Message message;
    MPI_Status status;
    MPI_Improbe(MPI_ANY_SOURCE, PASSIVE_TAG, gaspii_state.passive, &found, &message, &status);
    if (found) {
      *rem_rank = (gaspi_rank_t)status.MPI_SOURCE;
      return receive(routine, &message, &status, buffer, size);
    }
    if (gaspii_deadline_passed(&deadline)) return GASPI_TIMEOUT;
    gaspii_poll_pause();
  }
}
