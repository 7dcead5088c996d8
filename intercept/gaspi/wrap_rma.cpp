// One-sided communication and queue completion (API sheet A.5, A.7): a posting call is recorded
// before the library posts it; gaspi_wait completes its queue locally.
#include "routines.h"

using namespace rmarace;
using namespace rmarace::gaspi;

namespace {

// GPI-2's queue entries per call (sheet A.5).
constexpr gaspi_number_t kEntriesPerTransfer = 1;

// Records a write or read (one entry, or a list of `num`) that the library is about to post.
void posting(Scope &scope, bool write, gaspi_rank_t rank, gaspi_queue_id_t queue,
             const std::vector<Transfer> &transfers) {
  if (write)
    scope.sem().write(scope.site(), queue, rank, transfers);
  else
    scope.sem().read(scope.site(), queue, rank, transfers);
}

void postingOne(Scope &scope, bool write, gaspi_segment_id_t segment_id_local,
                gaspi_offset_t offset_local, gaspi_rank_t rank,
                gaspi_segment_id_t segment_id_remote, gaspi_offset_t offset_remote,
                gaspi_size_t size, gaspi_queue_id_t queue) {
  if (!scope || !size || !willPost(queue, kEntriesPerTransfer)) return;
  posting(
      scope, write, rank, queue,
      transfersOf(scope, segment_id_local, offset_local, segment_id_remote, offset_remote, size));
}

void postingList(Scope &scope, bool write, gaspi_number_t num, gaspi_segment_id_t *segment_id_local,
                 gaspi_offset_t *offset_local, gaspi_rank_t rank,
                 gaspi_segment_id_t *segment_id_remote, gaspi_offset_t *offset_remote,
                 gaspi_size_t *size, gaspi_queue_id_t queue) {
  if (!scope || !num || !willPost(queue, num * kEntriesPerTransfer)) return;
  posting(scope, write, rank, queue,
          transfersOf(scope, num, segment_id_local, offset_local, segment_id_remote, offset_remote,
                      size));
}

} // namespace

extern "C" {

gaspi_return_t pgaspi_write(const gaspi_segment_id_t segment_id_local,
                            const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                            const gaspi_segment_id_t segment_id_remote,
                            const gaspi_offset_t offset_remote, const gaspi_size_t size,
                            const gaspi_queue_id_t queue,
                            const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_read(const gaspi_segment_id_t segment_id_local,
                           const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                           const gaspi_segment_id_t segment_id_remote,
                           const gaspi_offset_t offset_remote, const gaspi_size_t size,
                           const gaspi_queue_id_t queue,
                           const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_write_list(const gaspi_number_t num,
                                 gaspi_segment_id_t *const segment_id_local,
                                 gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                 gaspi_segment_id_t *const segment_id_remote,
                                 gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                 const gaspi_queue_id_t queue,
                                 const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_read_list(const gaspi_number_t num,
                                gaspi_segment_id_t *const segment_id_local,
                                gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                gaspi_segment_id_t *const segment_id_remote,
                                gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                const gaspi_queue_id_t queue,
                                const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_wait(const gaspi_queue_id_t queue,
                           const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_queue_purge(const gaspi_queue_id_t queue,
                                  const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_queue_delete(const gaspi_queue_id_t queue) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_write(const gaspi_segment_id_t segment_id_local,
                           const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                           const gaspi_segment_id_t segment_id_remote,
                           const gaspi_offset_t offset_remote, const gaspi_size_t size,
                           const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_write", queue);
  postingOne(scope, true, segment_id_local, offset_local, rank, segment_id_remote, offset_remote,
             size, queue);
  return require(pgaspi_write, "pgaspi_write")(segment_id_local, offset_local, rank,
                                               segment_id_remote, offset_remote, size, queue,
                                               timeout_ms);
}

gaspi_return_t gaspi_read(const gaspi_segment_id_t segment_id_local,
                          const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                          const gaspi_segment_id_t segment_id_remote,
                          const gaspi_offset_t offset_remote, const gaspi_size_t size,
                          const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_read", queue);
  postingOne(scope, false, segment_id_local, offset_local, rank, segment_id_remote, offset_remote,
             size, queue);
  return require(pgaspi_read, "pgaspi_read")(segment_id_local, offset_local, rank,
                                             segment_id_remote, offset_remote, size, queue,
                                             timeout_ms);
}

gaspi_return_t gaspi_write_list(const gaspi_number_t num,
                                gaspi_segment_id_t *const segment_id_local,
                                gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                gaspi_segment_id_t *const segment_id_remote,
                                gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_write_list", queue);
  postingList(scope, true, num, segment_id_local, offset_local, rank, segment_id_remote,
              offset_remote, size, queue);
  return require(pgaspi_write_list, "pgaspi_write_list")(num, segment_id_local, offset_local, rank,
                                                         segment_id_remote, offset_remote, size,
                                                         queue, timeout_ms);
}

gaspi_return_t gaspi_read_list(const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
                               gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                               gaspi_segment_id_t *const segment_id_remote,
                               gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                               const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_read_list", queue);
  postingList(scope, false, num, segment_id_local, offset_local, rank, segment_id_remote,
              offset_remote, size, queue);
  return require(pgaspi_read_list, "pgaspi_read_list")(num, segment_id_local, offset_local, rank,
                                                       segment_id_remote, offset_remote, size,
                                                       queue, timeout_ms);
}

gaspi_return_t gaspi_wait(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_wait", queue);
  gaspi_return_t rc =
      scope.blocking([&] { return require(pgaspi_wait, "pgaspi_wait")(queue, timeout_ms); });
  if (scope && rc == GASPI_SUCCESS) scope.sem().wait(scope.site(), queue);
  return rc;
}

// Nothing of the queue is in flight after a purge (GPI-2 resets it).
gaspi_return_t gaspi_queue_purge(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_queue_purge", queue);
  gaspi_return_t rc = scope.blocking(
      [&] { return require(pgaspi_queue_purge, "pgaspi_queue_purge")(queue, timeout_ms); });
  if (scope && rc == GASPI_SUCCESS) scope.sem().wait(scope.site(), queue);
  return rc;
}

gaspi_return_t gaspi_queue_delete(const gaspi_queue_id_t queue) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_queue_delete", queue);
  gaspi_return_t rc =
      scope.blocking([&] { return require(pgaspi_queue_delete, "pgaspi_queue_delete")(queue); });
  if (scope && rc == GASPI_SUCCESS) scope.sem().wait(scope.site(), queue);
  return rc;
}

} // extern "C"
