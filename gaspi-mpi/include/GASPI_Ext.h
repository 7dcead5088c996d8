/* GPI-2's extensions of the GASPI API (gaspi-mpi: GASPI over MPI-3 RMA). gaspi_delay is new in
 * GPI-2 v1.6.0. */
#ifndef GASPI_EXT_H
#define GASPI_EXT_H

#include "GASPI.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GASPI_MPI_PRINTF(format_index, first_arg)                                                  \
  __attribute__((format(printf, format_index, first_arg)))
#else
#define GASPI_MPI_PRINTF(format_index, first_arg)
#endif

gaspi_return_t gaspi_initialized(gaspi_number_t *initialized);
gaspi_return_t gaspi_proc_local_rank(gaspi_rank_t *const local_rank);
gaspi_return_t gaspi_proc_local_num(gaspi_rank_t *const local_num);
gaspi_return_t gaspi_proc_ping(const gaspi_rank_t rank, gaspi_timeout_t tout);
gaspi_return_t gaspi_segment_size(const gaspi_segment_id_t segment_id, const gaspi_rank_t rank,
                                  gaspi_size_t *const size);
gaspi_return_t gaspi_segment_avail_local(gaspi_segment_id_t *const avail_seg_id);
gaspi_return_t gaspi_rw_list_elem_max(gaspi_number_t *const elem_max);
gaspi_return_t gaspi_cpu_frequency(gaspi_float *const cpu_mhz);
void gaspi_printf(const char *fmt, ...) GASPI_MPI_PRINTF(1, 2);
void gaspi_printf_to(gaspi_rank_t rank, const char *fmt, ...) GASPI_MPI_PRINTF(2, 3);
void gaspi_print_affinity_mask(void);
gaspi_return_t gaspi_numa_socket(gaspi_uchar *const socket);
gaspi_return_t gaspi_set_socket_affinity(const gaspi_uchar socket);
gaspi_string_t gaspi_error_str(gaspi_return_t error_code);
void gaspi_delay(void);

#ifdef __cplusplus
}
#endif

#endif /* GASPI_EXT_H */
