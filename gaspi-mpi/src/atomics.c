/* Atomics on 8-byte segment locations: gaspi_atomic_fetch_add is MPI_Fetch_and_op(MPI_SUM) and
 * gaspi_atomic_compare_swap MPI_Compare_and_swap, both on MPI_UNSIGNED_LONG and flushed, so the
 * operation has executed at the target when the call returns (GASPI: synchronous). */
#include "internal.h"

_Static_assert(sizeof(gaspi_atomic_value_t) == sizeof(unsigned long),
               "atomics use MPI_UNSIGNED_LONG");

static gaspi_return_t locate(const char *routine, gaspi_segment_id_t segment_id,
                             gaspi_offset_t offset, gaspi_rank_t rank, MPI_Aint *displacement) {
  GASPII_TRY(gaspii_check_rank(routine, rank));
  if (offset % sizeof(gaspi_atomic_value_t) != 0)
    return gaspii_error(routine, GASPI_ERR_UNALIGN_OFF, "offset %lu is not 8-byte aligned", offset);
  return gaspii_remote_range(routine, rank, segment_id, offset, sizeof(gaspi_atomic_value_t),
                             displacement);
}

#pragma weak gaspi_atomic_fetch_add = pgaspi_atomic_fetch_add
gaspi_return_t pgaspi_atomic_fetch_add(const gaspi_segment_id_t segment_id,
                                       const gaspi_offset_t offset, const gaspi_rank_t rank,
                                       const gaspi_atomic_value_t val_add,
                                       gaspi_atomic_value_t *const val_old,
                                       const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_atomic_fetch_add";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, val_old, "val_old"));
  MPI_Aint displacement = 0;
  GASPII_TRY(locate(routine, segment_id, offset, rank, &displacement));
  gaspi_atomic_value_t operand = val_add;
  gaspi_atomic_value_t old = 0;
  gaspii_rma_lock();
  MPI_Fetch_and_op(&operand, &old, MPI_UNSIGNED_LONG, rank, displacement, MPI_SUM,
                   gaspii_state.data_win);
  MPI_Win_flush(rank, gaspii_state.data_win);
  gaspii_rma_unlock();
  *val_old = old;
  gaspii_count(GASPII_COUNTER_ATOMICS, rank, 1);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_atomic_compare_swap = pgaspi_atomic_compare_swap
gaspi_return_t pgaspi_atomic_compare_swap(const gaspi_segment_id_t segment_id,
                                          const gaspi_offset_t offset, const gaspi_rank_t rank,
                                          const gaspi_atomic_value_t comparator,
                                          const gaspi_atomic_value_t val_new,
                                          gaspi_atomic_value_t *const val_old,
                                          const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_atomic_compare_swap";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, val_old, "val_old"));
  MPI_Aint displacement = 0;
  GASPII_TRY(locate(routine, segment_id, offset, rank, &displacement));
  gaspi_atomic_value_t compare = comparator;
  gaspi_atomic_value_t replacement = val_new;
  gaspi_atomic_value_t old = 0;
  gaspii_rma_lock();
  MPI_Compare_and_swap(&replacement, &compare, &old, MPI_UNSIGNED_LONG, rank, displacement,
                       gaspii_state.data_win);
  MPI_Win_flush(rank, gaspii_state.data_win);
  gaspii_rma_unlock();
  *val_old = old;
  gaspii_count(GASPII_COUNTER_ATOMICS, rank, 1);
  return GASPI_SUCCESS;
}
