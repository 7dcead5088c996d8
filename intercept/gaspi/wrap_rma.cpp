// One-sided communication and queue completion (API sheet A.5, A.7): a posting call is recorded
// before the library posts it; gaspi_wait completes its queue locally. Under the nasty schedule
// the posting calls are held and the completing calls issue them first (nasty_queue.h).
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

// A write or read of `num` entries (a list's arrays; a single call passes the addresses of its
// arguments), recorded before `library()` posts it (routines.h, postToQueue).
template <class Library>
gaspi_return_t transfer(Scope &scope, bool write, bool list, gaspi_number_t num,
                        const gaspi_segment_id_t *segment_id_local,
                        const gaspi_offset_t *offset_local, gaspi_rank_t rank,
                        const gaspi_segment_id_t *segment_id_remote,
                        const gaspi_offset_t *offset_remote, const gaspi_size_t *size,
                        gaspi_queue_id_t queue, Library library) {
  return postToQueue(
      scope,
      [&] {
        return nasty::Post::transfers(write ? nasty::Post::Kind::Write : nasty::Post::Kind::Read,
                                      rank, queue, list, num, segment_id_local, offset_local,
                                      segment_id_remote, offset_remote, size);
      },
      [&](bool admitted) {
        // A single empty transfer posts nothing (sheet A.8).
        if (!scope || !num || (!list && !*size) ||
            !(admitted || willPost(queue, num * kEntriesPerTransfer)))
          return;
        posting(scope, write, rank, queue,
                transfersOf(scope, num, segment_id_local, offset_local, segment_id_remote,
                            offset_remote, size));
      },
      library);
}

} // namespace

extern "C" {

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
gaspi_return_t pgaspi_queue_purge(const gaspi_queue_id_t queue,
                                  const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_queue_delete(const gaspi_queue_id_t queue) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_write(const gaspi_segment_id_t segment_id_local,
                           const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                           const gaspi_segment_id_t segment_id_remote,
                           const gaspi_offset_t offset_remote, const gaspi_size_t size,
                           const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_write", queue);
  return transfer(scope, true, false, 1, &segment_id_local, &offset_local, rank, &segment_id_remote,
                  &offset_remote, &size, queue, [&] {
                    return require(pgaspi_write, "pgaspi_write")(
                        segment_id_local, offset_local, rank, segment_id_remote, offset_remote,
                        size, queue, timeout_ms);
                  });
}

gaspi_return_t gaspi_read(const gaspi_segment_id_t segment_id_local,
                          const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                          const gaspi_segment_id_t segment_id_remote,
                          const gaspi_offset_t offset_remote, const gaspi_size_t size,
                          const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_read", queue);
  return transfer(scope, false, false, 1, &segment_id_local, &offset_local, rank,
                  &segment_id_remote, &offset_remote, &size, queue, [&] {
                    return require(pgaspi_read, "pgaspi_read")(segment_id_local, offset_local, rank,
                                                               segment_id_remote, offset_remote,
                                                               size, queue, timeout_ms);
                  });
}

gaspi_return_t gaspi_write_list(const gaspi_number_t num,
                                gaspi_segment_id_t *const segment_id_local,
                                gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                gaspi_segment_id_t *const segment_id_remote,
                                gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_write_list", queue);
  return transfer(scope, true, true, num, segment_id_local, offset_local, rank, segment_id_remote,
                  offset_remote, size, queue, [&] {
                    return require(pgaspi_write_list, "pgaspi_write_list")(
                        num, segment_id_local, offset_local, rank, segment_id_remote, offset_remote,
                        size, queue, timeout_ms);
                  });
}

gaspi_return_t gaspi_read_list(const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
                               gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                               gaspi_segment_id_t *const segment_id_remote,
                               gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                               const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_read_list", queue);
  return transfer(scope, false, true, num, segment_id_local, offset_local, rank, segment_id_remote,
                  offset_remote, size, queue, [&] {
                    return require(pgaspi_read_list, "pgaspi_read_list")(
                        num, segment_id_local, offset_local, rank, segment_id_remote, offset_remote,
                        size, queue, timeout_ms);
                  });
}

gaspi_return_t gaspi_wait(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_wait", queue);
  return completingQueue(scope, queue,
                         [&] { return require(pgaspi_wait, "pgaspi_wait")(queue, timeout_ms); });
}

// Nothing of the queue is in flight after a purge (GPI-2 resets it).
gaspi_return_t gaspi_queue_purge(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_queue_purge", queue);
  return completingQueue(scope, queue, [&] {
    return require(pgaspi_queue_purge, "pgaspi_queue_purge")(queue, timeout_ms);
  });
}

gaspi_return_t gaspi_queue_delete(const gaspi_queue_id_t queue) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_queue_delete", queue);
  return completingQueue(
      scope, queue, [&] { return require(pgaspi_queue_delete, "pgaspi_queue_delete")(queue); });
}

// Under the nasty schedule the entries it holds count as posted (nasty_queue.h).
gaspi_return_t gaspi_queue_size(const gaspi_queue_id_t queue, gaspi_number_t *const queue_size) {
  if (state() && nasty::enabled()) return nasty::queueSize(queue, queue_size);
  return require(pgaspi_queue_size, "pgaspi_queue_size")(queue, queue_size);
}

} // extern "C"
