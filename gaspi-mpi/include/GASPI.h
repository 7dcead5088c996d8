/* GASPI over MPI-3 RMA (gaspi-mpi): the standard API as GPI-2 v1.6.0 declares it. Binary ABI of
 * GPI-2 v1.6.0 (gaspi_notification_id_t is unsigned int, GASPI_OFI exists, gaspi_dev_config_t has
 * the ofi parameters); programs written for GPI-2 v1.5.1 compile unchanged. Every function is also
 * available as pgaspi_X (PGASPI.h); gaspi_X is a weak alias of it. */
#ifndef GASPI_H
#define GASPI_H

#include "GASPI_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  GASPI_ERROR = -1,
  GASPI_SUCCESS = 0,
  GASPI_TIMEOUT = 1,
  GASPI_ERR_EMFILE = 2,
  GASPI_ERR_ENV = 3,
  GASPI_ERR_SN_PORT = 4,
  GASPI_ERR_CONFIG = 5,
  GASPI_ERR_NOINIT = 6,
  GASPI_ERR_INITED = 7,
  GASPI_ERR_NULLPTR = 8,
  GASPI_ERR_INV_SEGSIZE = 9,
  GASPI_ERR_INV_SEG = 10,
  GASPI_ERR_INV_GROUP = 11,
  GASPI_ERR_INV_RANK = 12,
  GASPI_ERR_INV_QUEUE = 13,
  GASPI_ERR_INV_LOC_OFF = 14,
  GASPI_ERR_INV_REM_OFF = 15,
  GASPI_ERR_INV_COMMSIZE = 16,
  GASPI_ERR_INV_NOTIF_VAL = 17,
  GASPI_ERR_INV_NOTIF_ID = 18,
  GASPI_ERR_INV_NUM = 19,
  GASPI_ERR_INV_SIZE = 20,
  GASPI_ERR_MANY_SEG = 21,
  GASPI_ERR_MANY_GRP = 22,
  GASPI_QUEUE_FULL = 23,
  GASPI_ERR_UNALIGN_OFF = 24,
  GASPI_ERR_ACTIVE_COLL = 25,
  GASPI_ERR_DEVICE = 26,
  GASPI_ERR_SN = 27,
  GASPI_ERR_MEMALLOC = 28
} gaspi_return_t;

typedef enum { GASPI_OP_MIN = 0, GASPI_OP_MAX = 1, GASPI_OP_SUM = 2 } gaspi_operation_t;

typedef enum {
  GASPI_TYPE_INT = 0,
  GASPI_TYPE_UINT = 1,
  GASPI_TYPE_FLOAT = 2,
  GASPI_TYPE_DOUBLE = 3,
  GASPI_TYPE_LONG = 4,
  GASPI_TYPE_ULONG = 5
} gaspi_datatype_t;

typedef enum {
  GASPI_MEM_UNINITIALIZED = 0, /* contents undefined */
  GASPI_MEM_INITIALIZED = 1,   /* zero-filled */
  GASPI_ALLOC_DEFAULT = 0
} gaspi_alloc_t;

typedef enum {
  GASPI_IB = 0,
  GASPI_ROCE = 1,
  GASPI_ETHERNET = 2,
  GASPI_GEMINI = 3,
  GASPI_ARIES = 4,
  GASPI_OFI = 5 /* GPI-2 v1.6.0 */
} gaspi_network_t;

typedef enum { GASPI_STATE_HEALTHY = 0, GASPI_STATE_CORRUPT = 1 } gaspi_state_t;
typedef gaspi_state_t *gaspi_state_vector_t;

typedef enum {
  GASPI_STATISTIC_ARGUMENT_NONE = 0,
  GASPI_STATISTIC_ARGUMENT_RANK = 1
} gaspi_statistic_argument_t;

typedef enum {
  GASPI_TOPOLOGY_NONE = 0,   /* no connections, GASPI_GROUP_ALL not built */
  GASPI_TOPOLOGY_STATIC = 1, /* all-to-all at start-up */
  GASPI_TOPOLOGY_DYNAMIC = 2 /* connect on first use */
} gaspi_topology_t;

/* Device parameters (kept for ABI compatibility; gaspi-mpi's transport is MPI). */
typedef struct {
  gaspi_network_t network_type;
  struct {
    struct {
      gaspi_int netdev_id;
      gaspi_uint mtu;
      gaspi_uint port_check;
    } ib;
    struct {
      gaspi_uint port;
    } tcp;
    struct {
      int use_shm;
      int provider_info;
      int progress_auto;
    } ofi; /* GPI-2 v1.6.0 */
  } params;
} gaspi_dev_config_t;

/* Start-up configuration (field order = GPI-2's ABI order); see gaspi_config_get/set. */
typedef struct gaspi_config {
  gaspi_uint logger;
  gaspi_uint sn_port;
  gaspi_uint net_info;
  gaspi_uint user_net;
  gaspi_int sn_persistent;
  gaspi_timeout_t sn_timeout;
  gaspi_dev_config_t dev_config;
  gaspi_network_t network;
  gaspi_uint queue_size_max;
  gaspi_uint queue_num;
  gaspi_number_t group_max;
  gaspi_number_t segment_max;
  gaspi_size_t transfer_size_max;
  gaspi_number_t notification_num;
  gaspi_number_t passive_queue_size_max;
  gaspi_number_t passive_transfer_size_max;
  gaspi_size_t allreduce_buf_size;
  gaspi_number_t allreduce_elem_max;
  gaspi_number_t rw_list_elem_max;
  gaspi_topology_t build_infrastructure;
  void *user_defined;
} gaspi_config_t;

/* User reduction of gaspi_allreduce_user (GPI-2's form, with num and element_size). */
typedef gaspi_return_t (*gaspi_reduce_operation_t)(
    gaspi_pointer_t const operand_one, gaspi_pointer_t const operand_two,
    gaspi_pointer_t const result, gaspi_reduce_state_t const state, const gaspi_number_t num,
    const gaspi_size_t element_size, const gaspi_timeout_t timeout_ms);

/* ---- Configuration and information ----------------------------------------------------------- */
gaspi_return_t gaspi_config_get(gaspi_config_t *const config);
gaspi_return_t gaspi_config_set(const gaspi_config_t new_config);
gaspi_return_t gaspi_version(float *version);

/* ---- Process management ---------------------------------------------------------------------- */
gaspi_return_t gaspi_proc_init(const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_proc_term(const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_proc_rank(gaspi_rank_t *const rank);
gaspi_return_t gaspi_proc_num(gaspi_rank_t *const proc_num);
gaspi_return_t gaspi_proc_kill(const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_connect(const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_disconnect(const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_state_vec_get(gaspi_state_vector_t state_vector);

/* ---- Groups ---------------------------------------------------------------------------------- */
gaspi_return_t gaspi_group_create(gaspi_group_t *const group);
gaspi_return_t gaspi_group_delete(const gaspi_group_t group);
gaspi_return_t gaspi_group_add(const gaspi_group_t group, const gaspi_rank_t rank);
gaspi_return_t gaspi_group_commit(const gaspi_group_t group, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_group_num(gaspi_number_t *const group_num);
gaspi_return_t gaspi_group_size(const gaspi_group_t group, gaspi_number_t *const group_size);
gaspi_return_t gaspi_group_ranks(const gaspi_group_t group, gaspi_rank_t *const group_ranks);
gaspi_return_t gaspi_group_max(gaspi_number_t *const group_max);

/* ---- Segments -------------------------------------------------------------------------------- */
gaspi_return_t gaspi_segment_alloc(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                   const gaspi_alloc_t alloc_policy);
gaspi_return_t gaspi_segment_delete(const gaspi_segment_id_t segment_id);
gaspi_return_t gaspi_segment_register(const gaspi_segment_id_t segment_id, const gaspi_rank_t rank,
                                      const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_segment_create(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                    const gaspi_group_t group, const gaspi_timeout_t timeout_ms,
                                    const gaspi_alloc_t alloc_policy);
gaspi_return_t gaspi_segment_bind(gaspi_segment_id_t const segment_id,
                                  gaspi_pointer_t const pointer, gaspi_size_t const size,
                                  gaspi_memory_description_t const memory_description);
gaspi_return_t gaspi_segment_use(gaspi_segment_id_t const segment_id, gaspi_pointer_t const pointer,
                                 gaspi_size_t const size, gaspi_group_t const group,
                                 gaspi_timeout_t const timeout,
                                 gaspi_memory_description_t const memory_description);
gaspi_return_t gaspi_segment_num(gaspi_number_t *const segment_num);
gaspi_return_t gaspi_segment_list(const gaspi_number_t num,
                                  gaspi_segment_id_t *const segment_id_list);
gaspi_return_t gaspi_segment_ptr(const gaspi_segment_id_t segment_id, gaspi_pointer_t *ptr);
gaspi_return_t gaspi_segment_max(gaspi_number_t *const segment_max);

/* ---- One-sided communication ----------------------------------------------------------------- */
gaspi_return_t gaspi_write(const gaspi_segment_id_t segment_id_local,
                           const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                           const gaspi_segment_id_t segment_id_remote,
                           const gaspi_offset_t offset_remote, const gaspi_size_t size,
                           const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_read(const gaspi_segment_id_t segment_id_local,
                          const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                          const gaspi_segment_id_t segment_id_remote,
                          const gaspi_offset_t offset_remote, const gaspi_size_t size,
                          const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_write_list(const gaspi_number_t num,
                                gaspi_segment_id_t *const segment_id_local,
                                gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                gaspi_segment_id_t *const segment_id_remote,
                                gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_read_list(const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
                               gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                               gaspi_segment_id_t *const segment_id_remote,
                               gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                               const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_wait(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);

/* ---- Notifications --------------------------------------------------------------------------- */
gaspi_return_t gaspi_notify(const gaspi_segment_id_t segment_id_remote, const gaspi_rank_t rank,
                            const gaspi_notification_id_t notification_id,
                            const gaspi_notification_t notification_value,
                            const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_notify_waitsome(const gaspi_segment_id_t segment_id_local,
                                     const gaspi_notification_id_t notification_begin,
                                     const gaspi_number_t num,
                                     gaspi_notification_id_t *const first_id,
                                     const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_notify_reset(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_notification_id_t notification_id,
                                  gaspi_notification_t *const old_notification_val);
gaspi_return_t gaspi_write_notify(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                  const gaspi_segment_id_t segment_id_remote,
                                  const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                  const gaspi_notification_id_t notification_id,
                                  const gaspi_notification_t notification_value,
                                  const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_write_list_notify(
    const gaspi_number_t num, gaspi_segment_id_t *const segment_id_local,
    gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
    gaspi_segment_id_t *const segment_id_remote, gaspi_offset_t *const offset_remote,
    gaspi_size_t *const size, const gaspi_segment_id_t segment_id_notification,
    const gaspi_notification_id_t notification_id, const gaspi_notification_t notification_value,
    const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_read_notify(const gaspi_segment_id_t segment_id_local,
                                 const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                 const gaspi_segment_id_t segment_id_remote,
                                 const gaspi_offset_t offset_remote, const gaspi_size_t size,
                                 const gaspi_notification_id_t notification_id,
                                 const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_read_list_notify(const gaspi_number_t num,
                                      gaspi_segment_id_t *const segment_id_local,
                                      gaspi_offset_t *const offset_local, const gaspi_rank_t rank,
                                      gaspi_segment_id_t *const segment_id_remote,
                                      gaspi_offset_t *const offset_remote, gaspi_size_t *const size,
                                      const gaspi_segment_id_t segment_id_notification,
                                      const gaspi_notification_id_t notification_id,
                                      const gaspi_queue_id_t queue,
                                      const gaspi_timeout_t timeout_ms);

/* ---- Atomics --------------------------------------------------------------------------------- */
gaspi_return_t gaspi_atomic_fetch_add(const gaspi_segment_id_t segment_id,
                                      const gaspi_offset_t offset, const gaspi_rank_t rank,
                                      const gaspi_atomic_value_t val_add,
                                      gaspi_atomic_value_t *const val_old,
                                      const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_atomic_compare_swap(const gaspi_segment_id_t segment_id,
                                         const gaspi_offset_t offset, const gaspi_rank_t rank,
                                         const gaspi_atomic_value_t comparator,
                                         const gaspi_atomic_value_t val_new,
                                         gaspi_atomic_value_t *const val_old,
                                         const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_atomic_max(gaspi_atomic_value_t *max_value);

/* ---- Passive communication ------------------------------------------------------------------- */
gaspi_return_t gaspi_passive_send(const gaspi_segment_id_t segment_id_local,
                                  const gaspi_offset_t offset_local, const gaspi_rank_t rank,
                                  const gaspi_size_t size, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_passive_receive(const gaspi_segment_id_t segment_id_local,
                                     const gaspi_offset_t offset_local,
                                     gaspi_rank_t *const rem_rank, const gaspi_size_t size,
                                     const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_passive_transfer_size_min(gaspi_size_t *const passive_transfer_size_min);
gaspi_return_t gaspi_passive_transfer_size_max(gaspi_size_t *const passive_transfer_size_max);

/* ---- Collectives ----------------------------------------------------------------------------- */
gaspi_return_t gaspi_barrier(const gaspi_group_t group, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_allreduce(const gaspi_pointer_t buffer_send,
                               gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                               const gaspi_operation_t operation, const gaspi_datatype_t datatype,
                               const gaspi_group_t group, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_allreduce_user(const gaspi_pointer_t buffer_send,
                                    gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                                    const gaspi_size_t element_size,
                                    gaspi_reduce_operation_t const reduce_operation,
                                    gaspi_reduce_state_t const reduce_state,
                                    const gaspi_group_t group, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_allreduce_buf_size(gaspi_size_t *const buf_size);
gaspi_return_t gaspi_allreduce_elem_max(gaspi_number_t *const elem_max);

/* ---- Queues ---------------------------------------------------------------------------------- */
gaspi_return_t gaspi_queue_size(const gaspi_queue_id_t queue, gaspi_number_t *const queue_size);
gaspi_return_t gaspi_queue_size_max(gaspi_number_t *const queue_size_max);
gaspi_return_t gaspi_queue_num(gaspi_number_t *const queue_num);
gaspi_return_t gaspi_queue_max(gaspi_number_t *const queue_max);
gaspi_return_t gaspi_queue_create(gaspi_queue_id_t *const queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t gaspi_queue_delete(const gaspi_queue_id_t queue);
/* GPI-2's GASPI.h declares only the pgaspi_ name of this one; both exist. */
gaspi_return_t gaspi_queue_purge(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);
gaspi_return_t pgaspi_queue_purge(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout_ms);

/* ---- Limits, network, time, errors ----------------------------------------------------------- */
gaspi_return_t gaspi_transfer_size_min(gaspi_size_t *const transfer_size_min);
gaspi_return_t gaspi_transfer_size_max(gaspi_size_t *const transfer_size_max);
gaspi_return_t gaspi_notification_num(gaspi_number_t *const notification_num);
gaspi_return_t gaspi_network_type(gaspi_network_t *const network_type);
gaspi_return_t gaspi_build_infrastructure(gaspi_number_t *const build);
gaspi_return_t gaspi_time_ticks(gaspi_cycles_t *const ticks);
gaspi_return_t gaspi_time_get(gaspi_time_t *const wtime);
gaspi_return_t gaspi_print_error(gaspi_return_t error_code, gaspi_string_t *error_message);

/* ---- Statistics ------------------------------------------------------------------------------ */
gaspi_return_t gaspi_statistic_verbosity_level(gaspi_number_t verbosity_level);
gaspi_return_t gaspi_statistic_counter_max(gaspi_number_t *counter_max);
gaspi_return_t gaspi_statistic_counter_info(gaspi_statistic_counter_t counter,
                                            gaspi_statistic_argument_t *counter_argument,
                                            gaspi_string_t *counter_name,
                                            gaspi_string_t *counter_description,
                                            gaspi_number_t *verbosity_level);
gaspi_return_t gaspi_statistic_counter_get(gaspi_statistic_counter_t counter,
                                           gaspi_number_t argument, unsigned long *value);
gaspi_return_t gaspi_statistic_counter_reset(gaspi_statistic_counter_t counter);

#ifdef __cplusplus
}
#endif

#endif /* GASPI_H */
