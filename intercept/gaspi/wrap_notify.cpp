// Notifications, GASPI's weak synchronisation (API sheet A.5, A.7; dissertation 2.2.3, Table 4.2):
// the notifying calls are recorded before the library posts them, so the notification's clock is
// deposited before any process can see it; observing a notification is recorded after it.
#include "routines.h"

using namespace rmarace;
using namespace rmarace::gaspi;

namespace {

// GPI-2's queue entries per call (sheet A.5): a notification takes one, like each transfer.
constexpr gaspi_number_t kNotificationEntries = 1;
constexpr gaspi_number_t kTransferEntries = 1;
// The value a read_notify sets (the call has none).
constexpr gaspi_notification_t kReadNotifyValue = 1;

// A notifying call as the nasty schedule takes it: `post` with its notification slot.
nasty::Post notifying(nasty::Post post, gaspi_segment_id_t segment, gaspi_notification_id_t id,
                      gaspi_notification_t value) {
  post.notificationSegment = segment;
  post.notificationId = id;
  post.notificationValue = value;
  return post;
}

} // namespace

extern "C" {

gaspi_return_t pgaspi_notify_waitsome(const gaspi_segment_id_t segment_id_local,
                                      const gaspi_notification_id_t notification_begin,
                                      const gaspi_number_t num,
                                      gaspi_notification_id_t *const first_id,
                                      const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_notify_reset(const gaspi_segment_id_t segment_id_local,
                                   const gaspi_notification_id_t notification_id,
                                   gaspi_notification_t *const old_value) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_write_notify(const gaspi_segment_id_t segment_id_local,
                                   const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                   const gaspi_segment_id_t segment_id_remote,
                                   const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                   const gaspi_notification_id_t notification_id,
                                   const gaspi_notification_t notification_value,
                                   const gaspi_queue_id_t queue,
                                   const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_write_list_notify(
    const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
    gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
    gaspi_segment_id_t *const segment_id_remote, gaspi_offset_t *const offset_remote,
    gaspi_size_t *const size, const gaspi_segment_id_t segment_id_notification,
    const gaspi_notification_id_t notification_id, const gaspi_notification_t notification_value,
    const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_read_notify(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                  const gaspi_segment_id_t segment_id_remote,
                                  const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                  const gaspi_notification_id_t notification_id,
                                  const gaspi_queue_id_t queue,
                                  const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t
pgaspi_read_list_notify(const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
                        gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                        gaspi_segment_id_t *const segment_id_remote,
                        gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                        const gaspi_segment_id_t segment_id_notification,
                        const gaspi_notification_id_t notification_id, const gaspi_queue_id_t queue,
                        const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_notify(const gaspi_segment_id_t segment_id_remote, const gaspi_rank_t rank,
                            const gaspi_notification_id_t notification_id,
                            const gaspi_notification_t notification_value,
                            const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_notify", queue);
  return postToQueue(
      scope,
      [&] {
        nasty::Post p;
        p.kind = nasty::Post::Kind::Notify;
        p.rank = rank;
        p.queue = queue;
        p.notificationSegment = segment_id_remote;
        p.notificationId = notification_id;
        p.notificationValue = notification_value;
        return p;
      },
      [&](bool admitted) {
        // A zero value is refused by the library (GASPI_ERR_INV_NOTIF_VAL), even in GPI-2's
        // release.
        if (scope && notification_value != 0 && (admitted || willPost(queue, kNotificationEntries)))
          scope.sem().notify(scope.site(), queue, rank, segment_id_remote, notification_id,
                             notification_value);
      },
      [&] {
        return require(pgaspi_notify, "pgaspi_notify")(segment_id_remote, rank, notification_id,
                                                       notification_value, queue, timeout_ms);
      });
}

gaspi_return_t gaspi_write_notify(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                  const gaspi_segment_id_t segment_id_remote,
                                  const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                  const gaspi_notification_id_t notification_id,
                                  const gaspi_notification_t notification_value,
                                  const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_write_notify", queue);
  return postToQueue(
      scope,
      [&] {
        nasty::Post p = nasty::Post::transfers(nasty::Post::Kind::WriteNotify, rank, queue, false,
                                               1, &segment_id_local, &offset_local,
                                               &segment_id_remote, &offset_remote, &size);
        return notifying(p, segment_id_remote, notification_id, notification_value);
      },
      [&](bool admitted) {
        if (scope && notification_value != 0 &&
            (admitted || willPost(queue, kTransferEntries + kNotificationEntries)))
          scope.sem().writeNotify(scope.site(), queue, rank,
                                  transfersOf(scope, segment_id_local, offset_local,
                                              segment_id_remote, offset_remote, size),
                                  segment_id_remote, notification_id, notification_value);
      },
      [&] {
        return require(pgaspi_write_notify, "pgaspi_write_notify")(
            segment_id_local, offset_local, rank, segment_id_remote, offset_remote, size,
            notification_id, notification_value, queue, timeout_ms);
      });
}

gaspi_return_t gaspi_write_list_notify(
    const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
    gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
    gaspi_segment_id_t *const segment_id_remote, gaspi_offset_t *const offset_remote,
    gaspi_size_t *const size, const gaspi_segment_id_t segment_id_notification,
    const gaspi_notification_id_t notification_id, const gaspi_notification_t notification_value,
    const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_write_list_notify", queue);
  return postToQueue(
      scope,
      [&] {
        nasty::Post p = nasty::Post::transfers(nasty::Post::Kind::WriteNotify, rank, queue, true,
                                               num, segment_id_local, offset_local,
                                               segment_id_remote, offset_remote, size);
        return notifying(p, segment_id_notification, notification_id, notification_value);
      },
      [&](bool admitted) {
        if (scope && notification_value != 0 &&
            (admitted || willPost(queue, num * kTransferEntries + kNotificationEntries)))
          scope.sem().writeNotify(scope.site(), queue, rank,
                                  transfersOf(scope, num, segment_id_local, offset_local,
                                              segment_id_remote, offset_remote, size),
                                  segment_id_notification, notification_id, notification_value);
      },
      [&] {
        return require(pgaspi_write_list_notify, "pgaspi_write_list_notify")(
            num, segment_id_local, offset_local, rank, segment_id_remote, offset_remote, size,
            segment_id_notification, notification_id, notification_value, queue, timeout_ms);
      });
}

gaspi_return_t gaspi_read_notify(const gaspi_segment_id_t segment_id_local,
                                 const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                 const gaspi_segment_id_t segment_id_remote,
                                 const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                 const gaspi_notification_id_t notification_id,
                                 const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_read_notify", queue);
  return postToQueue(
      scope,
      [&] {
        nasty::Post p = nasty::Post::transfers(nasty::Post::Kind::ReadNotify, rank, queue, false, 1,
                                               &segment_id_local, &offset_local, &segment_id_remote,
                                               &offset_remote, &size);
        return notifying(p, segment_id_local, notification_id, kReadNotifyValue);
      },
      [&](bool admitted) {
        if (scope && (admitted || willPost(queue, kTransferEntries + kNotificationEntries)))
          scope.sem().readNotify(scope.site(), queue, rank,
                                 transfersOf(scope, segment_id_local, offset_local,
                                             segment_id_remote, offset_remote, size),
                                 segment_id_local, notification_id);
      },
      [&] {
        return require(pgaspi_read_notify, "pgaspi_read_notify")(
            segment_id_local, offset_local, rank, segment_id_remote, offset_remote, size,
            notification_id, queue, timeout_ms);
      });
}

gaspi_return_t gaspi_read_list_notify(const gaspi_number_t num,
                                      gaspi_segment_id_t *const segment_id_local,
                                      gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                      gaspi_segment_id_t *const segment_id_remote,
                                      gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                      const gaspi_segment_id_t segment_id_notification,
                                      const gaspi_notification_id_t notification_id,
                                      const gaspi_queue_id_t queue,
                                      const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_QUEUE_SCOPE("gaspi_read_list_notify", queue);
  return postToQueue(
      scope,
      [&] {
        nasty::Post p = nasty::Post::transfers(nasty::Post::Kind::ReadNotify, rank, queue, true,
                                               num, segment_id_local, offset_local,
                                               segment_id_remote, offset_remote, size);
        return notifying(p, segment_id_notification, notification_id, kReadNotifyValue);
      },
      [&](bool admitted) {
        if (scope && (admitted || willPost(queue, num * kTransferEntries + kNotificationEntries)))
          scope.sem().readNotify(scope.site(), queue, rank,
                                 transfersOf(scope, num, segment_id_local, offset_local,
                                             segment_id_remote, offset_remote, size),
                                 segment_id_notification, notification_id);
      },
      [&] {
        return require(pgaspi_read_list_notify, "pgaspi_read_list_notify")(
            num, segment_id_local, offset_local, rank, segment_id_remote, offset_remote, size,
            segment_id_notification, notification_id, queue, timeout_ms);
      });
}

// A notification that waitsome returns is set: what its notifier did before posting it happens
// before what follows (the acquire edge of sheet A.7).
gaspi_return_t gaspi_notify_waitsome(const gaspi_segment_id_t segment_id_local,
                                     const gaspi_notification_id_t notification_begin,
                                     const gaspi_number_t num,
                                     gaspi_notification_id_t *const first_id,
                                     const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_notify_waitsome");
  auto wait = [&](gaspi_timeout_t timeout) {
    return scope.blocking([&] {
      return require(pgaspi_notify_waitsome, "pgaspi_notify_waitsome")(
          segment_id_local, notification_begin, num, first_id, timeout);
    });
  };
  gaspi_return_t rc;
  if (scope && nasty::notificationsHeld()) {
    // No notification set yet: this process waits for others, which may wait for the ones it
    // holds (nasty_queue.h); a poll with GASPI_TEST sees them at its next call.
    rc = wait(GASPI_TEST);
    if (rc == GASPI_TIMEOUT) {
      nasty::releaseNotifications();
      if (timeout_ms != GASPI_TEST) rc = wait(timeout_ms);
    }
  } else {
    rc = wait(timeout_ms);
  }
  if (scope && rc == GASPI_SUCCESS && num > 0 && first_id)
    scope.sem().observed(scope.site(), segment_id_local, *first_id);
  return rc;
}

// A reset that returns a non-zero value observed the notification as well (polling with it).
gaspi_return_t gaspi_notify_reset(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_notification_id_t notification_id,
                                  gaspi_notification_t *const old_notification_val) {
  RMARACE_GASPI_SCOPE("gaspi_notify_reset");
  gaspi_notification_t old = 0;
  gaspi_return_t rc =
      require(pgaspi_notify_reset, "pgaspi_notify_reset")(segment_id_local, notification_id, &old);
  if (rc == GASPI_SUCCESS && old_notification_val) *old_notification_val = old;
  if (scope && rc == GASPI_SUCCESS && old != 0)
    scope.sem().observed(scope.site(), segment_id_local, notification_id);
  if (rc == GASPI_SUCCESS && old == 0) waitingForOthers(scope); // a poll that found nothing
  return rc;
}

} // extern "C"
