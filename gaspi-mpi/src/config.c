/* The start-up configuration (gaspi_config_get/set) with GPI-2's defaults and limits, and the
 * routines that report limits and versions. The device fields are kept for ABI compatibility;
 * MPI is the transport whatever they say. */
#include "internal.h"

#include <stdio.h>

/* GPI-2 v1.6.0's defaults (the values of a TCP/Ethernet build). */
enum {
  DEFAULT_LOGGER = 1,
  DEFAULT_SN_PORT = 12121,
  DEFAULT_SN_PERSISTENT = 1,
  DEFAULT_SN_TIMEOUT = 30000,
  DEFAULT_IB_NETDEV_ID = -1,
  DEFAULT_IB_PORT_CHECK = 1,
  DEFAULT_TCP_PORT = 19000,
  DEFAULT_OFI_USE_SHM = 1,
  DEFAULT_OFI_PROGRESS_AUTO = 1,
  DEFAULT_QUEUE_SIZE_MAX = 1024,
  DEFAULT_QUEUE_NUM = 8,
  DEFAULT_GROUP_MAX = 32,
  DEFAULT_SEGMENT_MAX = 255,
  DEFAULT_NOTIFICATION_NUM = 65536,
  DEFAULT_PASSIVE_QUEUE_SIZE_MAX = 1024,
  DEFAULT_ALLREDUCE_ELEM_MAX = 255,
  DEFAULT_RW_LIST_ELEM_MAX = 255,
  SN_PORT_MIN = 1024,
  SN_PORT_MAX = 65536,
};
static const gaspi_uint valid_mtus[] = {0, 1024, 2048, 4096};
static const float VERSION = 1.6f;

static const gaspi_config_t default_config = {
    .logger = DEFAULT_LOGGER,
    .sn_port = DEFAULT_SN_PORT,
    .net_info = 0,
    .user_net = 0,
    .sn_persistent = DEFAULT_SN_PERSISTENT,
    .sn_timeout = DEFAULT_SN_TIMEOUT,
    .dev_config = {.network_type = GASPI_ETHERNET,
                   .params = {.ib = {.netdev_id = DEFAULT_IB_NETDEV_ID,
                                     .mtu = 0,
                                     .port_check = DEFAULT_IB_PORT_CHECK},
                              .tcp = {.port = DEFAULT_TCP_PORT},
                              .ofi = {.use_shm = DEFAULT_OFI_USE_SHM,
                                      .provider_info = 0,
                                      .progress_auto = DEFAULT_OFI_PROGRESS_AUTO}}},
    .network = GASPI_ETHERNET,
    .queue_size_max = DEFAULT_QUEUE_SIZE_MAX,
    .queue_num = DEFAULT_QUEUE_NUM,
    .group_max = DEFAULT_GROUP_MAX,
    .segment_max = DEFAULT_SEGMENT_MAX,
    .transfer_size_max = GASPII_TRANSFER_SIZE_MAX,
    .notification_num = DEFAULT_NOTIFICATION_NUM,
    .passive_queue_size_max = DEFAULT_PASSIVE_QUEUE_SIZE_MAX,
    .passive_transfer_size_max = GASPII_PASSIVE_SIZE_MAX,
    .allreduce_buf_size = GASPII_ALLREDUCE_BUF_SIZE,
    .allreduce_elem_max = DEFAULT_ALLREDUCE_ELEM_MAX,
    .rw_list_elem_max = DEFAULT_RW_LIST_ELEM_MAX,
    .build_infrastructure = GASPI_TOPOLOGY_STATIC,
    .user_defined = NULL,
};

/* The configuration before gaspi_proc_init copies it into the state. */
static gaspi_config_t pending_config;
static int pending_config_set;

static const gaspi_config_t *current_config(void) {
  if (gaspii_state.initialized) return &gaspii_state.config;
  return pending_config_set ? &pending_config : &default_config;
}

gaspi_config_t gaspii_config_for_init(void) {
  return *current_config();
}

#pragma weak gaspi_config_get = pgaspi_config_get
gaspi_return_t pgaspi_config_get(gaspi_config_t *const config) {
  GASPII_TRY(gaspii_check_pointer("gaspi_config_get", config, "config"));
  *config = *current_config();
  return GASPI_SUCCESS;
}

static int valid_mtu(gaspi_uint mtu) {
  for (size_t i = 0; i < sizeof valid_mtus / sizeof valid_mtus[0]; ++i)
    if (valid_mtus[i] == mtu) return 1;
  return 0;
}

/* GPI-2 ignores these fields with a warning. */
static void warn_ignored(const gaspi_config_t *config) {
  if (!gaspii_debug()) return;
  if (config->passive_queue_size_max != default_config.passive_queue_size_max)
    fprintf(stderr, "gaspi-mpi: gaspi_config_set: passive_queue_size_max is ignored\n");
  if (config->allreduce_buf_size != default_config.allreduce_buf_size)
    fprintf(stderr, "gaspi-mpi: gaspi_config_set: allreduce_buf_size is ignored\n");
  if (config->user_defined)
    fprintf(stderr, "gaspi-mpi: gaspi_config_set: user_defined is ignored\n");
}

#pragma weak gaspi_config_set = pgaspi_config_set
gaspi_return_t pgaspi_config_set(const gaspi_config_t new_config) {
  static const char routine[] = "gaspi_config_set";
  if (gaspii_state.initialized)
    return gaspii_error(routine, GASPI_ERR_INITED, "the configuration is fixed after init");
  if (new_config.sn_port < SN_PORT_MIN || new_config.sn_port > SN_PORT_MAX)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "sn_port %u not in [%d, %d]", new_config.sn_port,
                        SN_PORT_MIN, SN_PORT_MAX);
  if (!valid_mtu(new_config.dev_config.params.ib.mtu))
    return gaspii_error(routine, GASPI_ERR_CONFIG, "mtu %u not 0, 1024, 2048 or 4096",
                        new_config.dev_config.params.ib.mtu);
  if ((int)new_config.network < GASPI_IB || (int)new_config.network > GASPI_OFI)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "unknown network %d", (int)new_config.network);
  if (new_config.queue_size_max < 1 || new_config.queue_size_max > GASPII_QUEUE_SIZE_LIMIT)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "queue_size_max %u not in [1, %d]",
                        new_config.queue_size_max, GASPII_QUEUE_SIZE_LIMIT);
  if (new_config.queue_num < 1 || new_config.queue_num > GASPII_QUEUE_MAX)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "queue_num %u not in [1, %d]",
                        new_config.queue_num, GASPII_QUEUE_MAX);
  if (new_config.group_max < 1 || new_config.group_max > GASPII_GROUP_LIMIT)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "group_max %u not in [1, %d]",
                        new_config.group_max, GASPII_GROUP_LIMIT);
  if (new_config.segment_max < 1 || new_config.segment_max > GASPII_SEGMENT_LIMIT)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "segment_max %u not in [1, %d]",
                        new_config.segment_max, GASPII_SEGMENT_LIMIT);
  if (new_config.transfer_size_max > GASPII_TRANSFER_SIZE_MAX)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "transfer_size_max %lu above %lu",
                        new_config.transfer_size_max, GASPII_TRANSFER_SIZE_MAX);
  if (new_config.notification_num < 1)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "notification_num must be at least 1");
  if (new_config.passive_transfer_size_max > GASPII_PASSIVE_SIZE_MAX)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "passive_transfer_size_max %u above %d",
                        new_config.passive_transfer_size_max, GASPII_PASSIVE_SIZE_MAX);
  if (new_config.rw_list_elem_max < 1 || new_config.rw_list_elem_max > GASPII_RW_LIST_LIMIT)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "rw_list_elem_max %u not in [1, %d]",
                        new_config.rw_list_elem_max, GASPII_RW_LIST_LIMIT);
  if (new_config.allreduce_elem_max < 1)
    return gaspii_error(routine, GASPI_ERR_CONFIG, "allreduce_elem_max must be at least 1");
  warn_ignored(&new_config);
  const gaspi_config_t *before = current_config();
  gaspi_config_t accepted = new_config;
  if (accepted.network != before->network) accepted.user_net = 1;
  accepted.passive_queue_size_max = default_config.passive_queue_size_max;
  accepted.allreduce_buf_size = default_config.allreduce_buf_size;
  accepted.user_defined = NULL;
  pending_config = accepted;
  pending_config_set = 1;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_version = pgaspi_version
gaspi_return_t pgaspi_version(float *version) {
  GASPII_TRY(gaspii_check_pointer("gaspi_version", version, "version"));
  *version = VERSION;
  return GASPI_SUCCESS;
}

/* The limit queries read the configuration in force (before init: the one init will use). */
#define GASPII_LIMIT_QUERY(name, type, value)                                                      \
  gaspi_return_t pgaspi_##name(type *const result) {                                               \
    GASPII_TRY(gaspii_check_pointer("gaspi_" #name, result, #name));                               \
    *result = (value);                                                                             \
    return GASPI_SUCCESS;                                                                          \
  }

#pragma weak gaspi_transfer_size_min = pgaspi_transfer_size_min
GASPII_LIMIT_QUERY(transfer_size_min, gaspi_size_t, 0)
#pragma weak gaspi_transfer_size_max = pgaspi_transfer_size_max
GASPII_LIMIT_QUERY(transfer_size_max, gaspi_size_t, current_config()->transfer_size_max)
#pragma weak gaspi_passive_transfer_size_min = pgaspi_passive_transfer_size_min
GASPII_LIMIT_QUERY(passive_transfer_size_min, gaspi_size_t, 1)
#pragma weak gaspi_passive_transfer_size_max = pgaspi_passive_transfer_size_max
GASPII_LIMIT_QUERY(passive_transfer_size_max, gaspi_size_t,
                   current_config()->passive_transfer_size_max)
#pragma weak gaspi_allreduce_buf_size = pgaspi_allreduce_buf_size
GASPII_LIMIT_QUERY(allreduce_buf_size, gaspi_size_t, current_config()->allreduce_buf_size)
#pragma weak gaspi_allreduce_elem_max = pgaspi_allreduce_elem_max
GASPII_LIMIT_QUERY(allreduce_elem_max, gaspi_number_t, current_config()->allreduce_elem_max)
#pragma weak gaspi_rw_list_elem_max = pgaspi_rw_list_elem_max
GASPII_LIMIT_QUERY(rw_list_elem_max, gaspi_number_t, current_config()->rw_list_elem_max)
#pragma weak gaspi_queue_max = pgaspi_queue_max
GASPII_LIMIT_QUERY(queue_max, gaspi_number_t, GASPII_QUEUE_MAX)
#pragma weak gaspi_queue_size_max = pgaspi_queue_size_max
GASPII_LIMIT_QUERY(queue_size_max, gaspi_number_t, current_config()->queue_size_max)
#pragma weak gaspi_atomic_max = pgaspi_atomic_max
GASPII_LIMIT_QUERY(atomic_max, gaspi_atomic_value_t, GASPII_ATOMIC_MAX)
#pragma weak gaspi_notification_num = pgaspi_notification_num
GASPII_LIMIT_QUERY(notification_num, gaspi_number_t, current_config()->notification_num)
#pragma weak gaspi_group_max = pgaspi_group_max
GASPII_LIMIT_QUERY(group_max, gaspi_number_t, current_config()->group_max)
#pragma weak gaspi_segment_max = pgaspi_segment_max
GASPII_LIMIT_QUERY(segment_max, gaspi_number_t, current_config()->segment_max)
#pragma weak gaspi_network_type = pgaspi_network_type
GASPII_LIMIT_QUERY(network_type, gaspi_network_t, current_config()->network)
#pragma weak gaspi_build_infrastructure = pgaspi_build_infrastructure
GASPII_LIMIT_QUERY(build_infrastructure, gaspi_number_t,
                   (gaspi_number_t)current_config()->build_infrastructure)
