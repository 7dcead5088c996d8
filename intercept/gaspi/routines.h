// What every GASPI wrapper needs: GPI-2's types (GASPI.h of any library with its ABI), the weak
// declaration of the profiling names, and the translations from arguments to the semantics
// layer. The wrappers are library-agnostic: `pgaspi_X` resolves to whatever GASPI library the
// program runs on (GPI-2's profiling scheme, API sheet A.6), and a routine the library lacks fails
// with a clear message.
#pragma once

#include "nasty_queue.h"
#include "scope.h"

#include <GASPI.h>
#include <GASPI_Ext.h>
#include <optional>
#include <vector>

// The library's profiling names, resolved when the program is loaded (null if it has none).
#define RMARACE_GASPI_WEAK __attribute__((weak))

// The library's routines that more than one file of the front end calls (the others are declared
// where they are wrapped).
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
gaspi_return_t pgaspi_wait(const gaspi_queue_id_t queue,
                           const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_notify(const gaspi_segment_id_t segment_id_remote, const gaspi_rank_t rank,
                             const gaspi_notification_id_t notification_id,
                             const gaspi_notification_t notification_value,
                             const gaspi_queue_id_t queue,
                             const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_queue_size(const gaspi_queue_id_t queue,
                                 gaspi_number_t *const queue_size) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_queue_size_max(gaspi_number_t *const queue_size_max) RMARACE_GASPI_WEAK;
}

namespace rmarace::gaspi {

// A program called a routine its GASPI library does not provide.
[[noreturn]] void missingRoutine(const char *name);
template <class F> F *require(F *routine, const char *name) {
  if (!routine) missingRoutine(name);
  return routine;
}

// ---- Translations (the wrapper holds an active scope) -----------------------------------------
// The entries of a list call with their local sides resolved; an entry whose local segment is
// unknown, or whose range leaves it, is left out (and an error reported).
std::vector<Transfer> transfersOf(Scope &s, gaspi_number_t num,
                                  const gaspi_segment_id_t *localSegment,
                                  const gaspi_offset_t *localOffset,
                                  const gaspi_segment_id_t *remoteSegment,
                                  const gaspi_offset_t *remoteOffset, const gaspi_size_t *size);
// The one entry of a write or read (none if it does not resolve).
std::vector<Transfer> transfersOf(Scope &s, gaspi_segment_id_t localSegment,
                                  gaspi_offset_t localOffset, gaspi_segment_id_t remoteSegment,
                                  gaspi_offset_t remoteOffset, gaspi_size_t size);
// Whether a call that takes `entries` of `queue` will be posted: the model records a posting
// call before the library posts it (a notification's clock must be deposited before the
// notification can be seen), so calls the library refuses with GASPI_QUEUE_FULL are left out.
bool willPost(gaspi_queue_id_t queue, gaspi_number_t entries);

// A posting call: `record(admitted)` tells the semantics (when admitted is false, only if the
// library will post the call: willPost), `library()` posts it. Under the nasty schedule the
// schedule takes the call described by `post()` (nasty_queue.h).
template <class Describe, class Record, class Library>
gaspi_return_t postToQueue(Scope &scope, Describe post, Record record, Library library) {
  if (scope && nasty::enabled()) return nasty::submit(post(), record, library);
  record(false);
  return library();
}

// gaspi_wait, gaspi_queue_purge, gaspi_queue_delete: after them nothing of `queue` is in flight.
template <class Library>
gaspi_return_t completingQueue(Scope &scope, gaspi_queue_id_t queue, Library library) {
  bool scheduled = scope && nasty::enabled();
  if (scheduled) nasty::completeQueue(queue); // what it holds is issued first
  gaspi_return_t rc = scope.blocking(library);
  if (scope && rc == GASPI_SUCCESS) {
    if (scheduled) nasty::queueCompleted(queue);
    scope.sem().wait(scope.site(), queue);
  }
  return rc;
}

// A call that may wait for another process: the notifications the nasty schedule holds go first
// (that process may be waiting for one of them).
inline void waitingForOthers(Scope &scope) {
  if (scope) nasty::releaseNotifications();
}

} // namespace rmarace::gaspi

// A routine the front end does not analyse but whose library implementation may use MPI: the
// library's MPI traffic passes through the MPI front end untouched.
#define RMARACE_GASPI_OPAQUE(NAME, PARAMS, ARGS)                                                   \
  extern "C" gaspi_return_t p##NAME PARAMS RMARACE_GASPI_WEAK;                                     \
  extern "C" gaspi_return_t NAME PARAMS {                                                          \
    ::rmarace::rt::OpaqueLibraryCall library;                                                      \
    return ::rmarace::gaspi::require(p##NAME, "p" #NAME) ARGS;                                     \
  }
