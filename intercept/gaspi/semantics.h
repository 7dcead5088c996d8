// GASPI semantics in terms of the abstract model, without GASPI headers: the interceptors pass
// plain values (segment ids, offsets, queues, ranks). The mapping (dissertation Tables 2.1, 2.2,
// 3.1, 3.2, 4.2 and section 4.1.2; GPI-2 facts of the API sheet, A.7):
//   write, read, lists       non-blocking RMA in the context of their queue; a list is one
//                            operation per entry, issued in a row
//   wait(queue)              local flush of the queue: buffers reusable, reads complete, writes
//                            only in transfer (GASPI has no remote completion call)
//   notify                   fence of the queue towards the target (non-overtaking: the earlier
//                            writes of the queue to that rank arrived first, R6), a target notify
//                            (tn) and a resource signal on the notification slot at the target
//   write_notify, write_list_notify
//                            their writes plus a target notify that includes only them (R8)
//   read_notify, read_list_notify
//                            reads whose local notification is their individual local completion
//                            (lc, R9)
//   observing a notification notify_waitsome returning it, notify_reset returning a non-zero
//                            value: resource wait and target wait (tw) on the slot; for the slot
//                            of a read_notify, its local completion
//   atomics                  synchronous atomic read and write of 8 bytes, compatible with each
//                            other whatever the operation
//   passive send/receive     process-bound signal and wait, answered (the send cannot complete
//                            before the receive exists); the buffers are plain local accesses
//   barrier, allreduce, group commit, segment_create/use
//                            all-to-all exchange over the group, completing nothing
#pragma once

#include "rmarace/core/tracker.h"
#include "rmarace/runtime/id_space.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rmarace::gaspi {

// GASPI identifiers as plain numbers (GPI-2: segment, queue and group ids are unsigned char).
using SegmentNumber = uint32_t;
using QueueNumber = uint32_t;
using NotificationNumber = uint32_t;

// One entry of a write or read: [local, +size) of this process (the caller resolved it in its
// local segment) and [remoteOffset, +size) of the remote segment.
struct Transfer {
  Address local = 0;
  SegmentNumber remoteSegment = 0;
  uint64_t remoteOffset = 0;
  uint64_t size = 0;
};

class Semantics {
public:
  Semantics(Tracker &tracker, GroupView world);
  Tracker &tracker() { return tracker_; }
  Rank self() const { return tracker_.process().rank(); }
  const GroupView &world() const { return world_; }

  // The engine's identifiers of GASPI's objects.
  SegmentId segmentId(SegmentNumber segment) const;
  static ContextId queueContext(QueueNumber queue);

  // ---- Segments ---------------------------------------------------------------------------------
  // The local segment `segment` is [base, base+size) from now on (alloc, bind, create, use).
  void segmentCreated(SegmentNumber segment, Address base, uint64_t size);
  void segmentDeleted(SegmentNumber segment);
  // A segment the host exposed itself as `engineSegment` on every process (the simulator).
  void adopt(SegmentNumber segment, SegmentId engineSegment, Address base, uint64_t size);
  // The local address of [offset, offset+size) of a local segment.
  // Empty if the segment is unknown or the range leaves it.
  std::optional<Address> localAddress(SegmentNumber segment, uint64_t offset, uint64_t size) const;

  // ---- One-sided communication ------------------------------------------------------------------
  void write(LocationHandle site, QueueNumber queue, Rank rank,
             const std::vector<Transfer> &transfers);
  void read(LocationHandle site, QueueNumber queue, Rank rank,
            const std::vector<Transfer> &transfers);
  // gaspi_notify: slot `id` of `segment` at `rank`.
  void notify(LocationHandle site, QueueNumber queue, Rank rank, SegmentNumber segment,
              NotificationNumber id, uint64_t value);
  // write_notify, write_list_notify: the writes, then a notification that includes only them.
  void writeNotify(LocationHandle site, QueueNumber queue, Rank rank,
                   const std::vector<Transfer> &transfers, SegmentNumber notificationSegment,
                   NotificationNumber id, uint64_t value);
  // read_notify, read_list_notify: the reads, completed when slot `id` of the local segment
  // `notificationSegment` is observed.
  void readNotify(LocationHandle site, QueueNumber queue, Rank rank,
                  const std::vector<Transfer> &transfers, SegmentNumber notificationSegment,
                  NotificationNumber id);
  // gaspi_wait (and queue_purge, queue_delete: nothing of the queue is in flight afterwards).
  void wait(LocationHandle site, QueueNumber queue);
  // The program observed slot `id` of the local segment `segment` set.
  void observed(LocationHandle site, SegmentNumber segment, NotificationNumber id);

  // ---- Atomics ----------------------------------------------------------------------------------
  // fetch_add and compare_swap on the 8 bytes at `offset` of `segment` at `rank`; `oldValue` is
  // where the previous value is returned.
  void atomic(LocationHandle site, Rank rank, SegmentNumber segment, uint64_t offset, AtomicOp op,
              Address oldValue);

  // ---- Passive communication -------------------------------------------------------------------
  // Before posting the send: the signal, asking the receiver for an answer (the returned token).
  uint64_t passiveSending(LocationHandle site, Rank to, Address source, uint64_t size);
  // The send completed: the receiver's answer orders what it did before receiving.
  void passiveSent(LocationHandle site, Rank to, uint64_t token);
  void passiveReceived(LocationHandle site, Rank from, Address dest, uint64_t size);

  // ---- Collectives ------------------------------------------------------------------------------
  // A synchronising collective over `group`; `read` and `written`: the caller's buffers it used.
  void collective(LocationHandle site, const GroupView &group, const ByteRanges &read = {},
                  const ByteRanges &written = {});

private:
  struct LocalSegment {
    Address base = 0;
    uint64_t size = 0;
  };
  struct ReadNotification {
    RequestId request = kNoRequest;
    QueueNumber queue = 0;
  };
  // Issues one operation per entry; returns how many it issued.
  uint32_t issueAll(LocationHandle site, QueueNumber queue, Rank rank,
                    const std::vector<Transfer> &transfers, bool writes, RequestId request);
  void notifySlot(LocationHandle site, QueueNumber queue, Rank rank, SegmentNumber segment,
                  NotificationNumber id, uint64_t value, uint32_t includedOps);

  Tracker &tracker_;
  GroupView world_;
  std::map<SegmentNumber, LocalSegment> segments_;
  std::map<SegmentNumber, SegmentId> adopted_;
  std::map<std::pair<SegmentNumber, NotificationNumber>, ReadNotification> readNotifications_;
  RequestId nextRequest_;
};

} // namespace rmarace::gaspi
