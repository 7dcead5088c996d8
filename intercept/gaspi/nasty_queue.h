// The nasty schedule (docs/nasty.md) for GASPI's queues: the calls that post to a queue
// (gaspi_write, gaspi_read, gaspi_notify, the _notify and _list forms) are held at the origin and
// handed to the library as late as GASPI allows, in a seeded order that keeps what GASPI orders
// (API sheet A.7):
// - gaspi_wait on the queue issues everything it holds (a write's source is read and a read's
//   destination written when it is issued: a program that reads a read's destination or stores
//   to a write's source before the wait sees the difference), as do gaspi_queue_purge,
//   gaspi_queue_delete and gaspi_proc_term. gaspi_barrier and the other collectives complete
//   nothing and issue nothing.
// - Notifications must arrive eventually even without a gaspi_wait (a process may wait for one
//   before its origin waits on the queue, the dissertation's Fig. 6.7): they are issued, with the
//   writes they must follow, when this process waits for another one: a gaspi_notify_waitsome
//   that does not find a notification set at once, a gaspi_notify_reset that finds none, a
//   barrier or allreduce still unfinished after kPatienceMs, a passive send or receive, an atomic,
//   a group commit, a segment_create or segment_use. A read_notify's own (local) notification is
//   issued then too.
// - reorder: a gaspi_notify comes after the earlier writes of its queue to its rank (GASPI's
//   non-overtaking rule); the notification of write_notify and write_list_notify after the
//   writes of its own call only (nothing else orders it); a read_notify's notification after its
//   reads. Nothing else is ordered: writes overtake writes, reads and notifications go anywhere.
// - split: a write or read (or one entry of a list) of two or more bytes is issued as pieces
//   (rt::nasty::splitPlan, bytes being GASPI's elements), each a gaspi_write or gaspi_read; a
//   notification is issued as a gaspi_notify after its call's pieces, a read_notify's as a
//   gaspi_wait and a gaspi_notify to this process.
// Under the schedule the front end counts the queue's entries itself (held ones included):
// GASPI_QUEUE_FULL and gaspi_queue_size are what the program would get from the library.
#pragma once

#include <GASPI.h>
#include <algorithm>
#include <functional>
#include <vector>

namespace rmarace::gaspi::nasty {

// How long a barrier or allreduce may wait before the notifications this process holds are
// issued (another process may be waiting for one of them before it joins).
inline constexpr gaspi_timeout_t kPatienceMs = 200;

// Whether the schedule is on (then every posting call goes through submit).
bool enabled();

// One entry of a posting call, as the application passed it.
struct Entry {
  gaspi_segment_id_t localSegment = 0;
  gaspi_offset_t localOffset = 0;
  gaspi_segment_id_t remoteSegment = 0;
  gaspi_offset_t remoteOffset = 0;
  gaspi_size_t size = 0;
};

// A posting call. `rank` is the target of the transfers and of a remote notification; a
// read_notify's notification is at this process, in `notificationSegment`.
struct Post {
  enum class Kind { Write, Read, Notify, WriteNotify, ReadNotify };
  Kind kind = Kind::Write;
  gaspi_rank_t rank = 0;
  gaspi_queue_id_t queue = 0;
  bool list = false;
  bool arraysGiven = true; // a list call's arrays are all non-null
  std::vector<Entry> entries;
  gaspi_segment_id_t notificationSegment = 0;
  gaspi_notification_id_t notificationId = 0;
  gaspi_notification_t notificationValue = 0;

  // A write, read or their notify forms (`num` entries of the arrays; a single call passes the
  // addresses of its arguments and num 1).
  static Post transfers(Kind kind, gaspi_rank_t rank, gaspi_queue_id_t queue, bool list,
                        gaspi_number_t num, const gaspi_segment_id_t *localSegment,
                        const gaspi_offset_t *localOffset, const gaspi_segment_id_t *remoteSegment,
                        const gaspi_offset_t *remoteOffset, const gaspi_size_t *size);
  // The queue entries GPI-2 counts for the call (API sheet A.5, A.8).
  gaspi_number_t queueEntries() const;
};

// Takes a posting call: `record(admitted)` tells the semantics about it before it can take
// effect (admitted: the schedule accepted it; otherwise the semantics decides as without the
// schedule), `library()` passes it to the library. A call the schedule accepts is held (or, without
// the delay stage, issued now) and returns GASPI_SUCCESS; one that would overflow the queue
// returns GASPI_QUEUE_FULL; one it cannot check (an invalid argument) goes to the library after
// the queue's held calls, which then returns the library's error.
gaspi_return_t submit(const Post &post, const std::function<void(bool admitted)> &record,
                      const std::function<gaspi_return_t()> &library);

// gaspi_wait, gaspi_queue_purge, gaspi_queue_delete: before the library's call, issues what
// `queue` holds; after its success, queueCompleted empties the program's count.
void completeQueue(gaspi_queue_id_t queue);
void queueCompleted(gaspi_queue_id_t queue);
// gaspi_queue_size under the schedule: the entries the program posted since its last wait.
gaspi_return_t queueSize(gaspi_queue_id_t queue, gaspi_number_t *size);

// Whether notifications are held, and issuing them (with what they must follow): this process is
// about to wait for another one.
bool notificationsHeld();
void releaseNotifications();

// gaspi_proc_term: issues everything still held.
void finish();

// A blocking collective that another process may only join after a notification this process
// holds: tried for kPatienceMs first (GASPI: a collective that timed out is finished by calling
// it again), then the notifications are issued and the rest of `timeout` waited.
template <class Call> gaspi_return_t patiently(gaspi_timeout_t timeout, Call call) {
  if (!notificationsHeld()) return call(timeout);
  gaspi_timeout_t first = std::min(timeout, kPatienceMs);
  gaspi_return_t rc = call(first);
  if (rc != GASPI_TIMEOUT) return rc;
  releaseNotifications();
  if (timeout == GASPI_BLOCK) return call(GASPI_BLOCK);
  return timeout > first ? call(timeout - first) : rc;
}

} // namespace rmarace::gaspi::nasty
