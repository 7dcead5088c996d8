// Passive communication (API sheet A.5, A.7): a synchronous send to any receiver. The send's
// signal goes out before the library's message; the receiver answers it, so that what it did
// before receiving happens before what the sender does after its send returned.
#include "routines.h"

using namespace rmarace;
using namespace rmarace::gaspi;

extern "C" {

gaspi_return_t pgaspi_passive_send(const gaspi_segment_id_t segment_id_local,
                                   const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                   const gaspi_size_t size,
                                   const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_passive_receive(const gaspi_segment_id_t segment_id_local,
                                      const gaspi_offset_t offset_local,
                                      gaspi_rank_t *const rem_rank, const gaspi_size_t size,
                                      const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_passive_send(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                  const gaspi_size_t size, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_passive_send");
  waitingForOthers(scope);
  uint64_t token = 0;
  if (scope) {
    std::optional<Address> source = scope.sem().localAddress(segment_id_local, offset_local, size);
    token = scope.sem().passiveSending(scope.site(), rank, source ? *source : 0, source ? size : 0);
  }
  gaspi_return_t rc = scope.blocking([&] {
    return require(pgaspi_passive_send, "pgaspi_passive_send")(segment_id_local, offset_local, rank,
                                                               size, timeout_ms);
  });
  if (scope && rc == GASPI_SUCCESS) scope.sem().passiveSent(scope.site(), rank, token);
  return rc;
}

gaspi_return_t gaspi_passive_receive(const gaspi_segment_id_t segment_id_local,
                                     const gaspi_offset_t offset_local,
                                     gaspi_rank_t *const rem_rank, const gaspi_size_t size,
                                     const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_passive_receive");
  waitingForOthers(scope);
  gaspi_return_t rc = scope.blocking([&] {
    return require(pgaspi_passive_receive, "pgaspi_passive_receive")(segment_id_local, offset_local,
                                                                     rem_rank, size, timeout_ms);
  });
  if (scope && rc == GASPI_SUCCESS && rem_rank) {
    std::optional<Address> dest = scope.sem().localAddress(segment_id_local, offset_local, size);
    scope.sem().passiveReceived(scope.site(), *rem_rank, dest ? *dest : 0, dest ? size : 0);
  }
  return rc;
}

} // extern "C"
