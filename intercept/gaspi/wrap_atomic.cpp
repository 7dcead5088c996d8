// Atomics (API sheet A.5, A.7): synchronous, executed at the target when they return, atomic with
// each other on the same 8 bytes whatever the operation.
#include "routines.h"

using namespace rmarace;
using namespace rmarace::gaspi;

extern "C" {

gaspi_return_t pgaspi_atomic_fetch_add(const gaspi_segment_id_t segment_id,
                                       const gaspi_offset_t offset, const gaspi_rank_t rank,
                                       const gaspi_atomic_value_t val_add,
                                       gaspi_atomic_value_t *const val_old,
                                       const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_atomic_compare_swap(const gaspi_segment_id_t segment_id,
                                          const gaspi_offset_t offset, const gaspi_rank_t rank,
                                          const gaspi_atomic_value_t comparator,
                                          const gaspi_atomic_value_t val_new,
                                          gaspi_atomic_value_t *const val_old,
                                          const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_atomic_fetch_add(const gaspi_segment_id_t segment_id,
                                      const gaspi_offset_t offset, const gaspi_rank_t rank,
                                      const gaspi_atomic_value_t val_add,
                                      gaspi_atomic_value_t *const val_old,
                                      const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_atomic_fetch_add");
  waitingForOthers(scope); // a loop of atomics may wait for another process
  gaspi_return_t rc = scope.blocking([&] {
    return require(pgaspi_atomic_fetch_add, "pgaspi_atomic_fetch_add")(
        segment_id, offset, rank, val_add, val_old, timeout_ms);
  });
  if (scope && rc == GASPI_SUCCESS)
    scope.sem().atomic(scope.site(), rank, segment_id, offset, AtomicOp::Sum,
                       reinterpret_cast<Address>(val_old));
  return rc;
}

gaspi_return_t gaspi_atomic_compare_swap(const gaspi_segment_id_t segment_id,
                                         const gaspi_offset_t offset, const gaspi_rank_t rank,
                                         const gaspi_atomic_value_t comparator,
                                         const gaspi_atomic_value_t val_new,
                                         gaspi_atomic_value_t *const val_old,
                                         const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_atomic_compare_swap");
  waitingForOthers(scope);
  gaspi_return_t rc = scope.blocking([&] {
    return require(pgaspi_atomic_compare_swap, "pgaspi_atomic_compare_swap")(
        segment_id, offset, rank, comparator, val_new, val_old, timeout_ms);
  });
  if (scope && rc == GASPI_SUCCESS)
    scope.sem().atomic(scope.site(), rank, segment_id, offset, AtomicOp::Replace,
                       reinterpret_cast<Address>(val_old));
  return rc;
}

} // extern "C"
