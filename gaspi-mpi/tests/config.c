/* gaspi_config_get/set: GPI-2's defaults, the limits gaspi_config_set enforces, a changed
 * configuration in force after init (and reported by the limit queries), and GASPI_ERR_INITED
 * for gaspi_config_set after init. */
#include "check.h"

int main(void) {
  gaspi_config_t config;
  OK(gaspi_config_get(&config));
  CHECK(config.logger == 1 && config.sn_port == 12121 && config.net_info == 0 &&
            config.user_net == 0 && config.sn_persistent == 1 && config.sn_timeout == 30000,
        "service defaults");
  CHECK(config.dev_config.params.ib.netdev_id == -1 && config.dev_config.params.ib.mtu == 0 &&
            config.dev_config.params.ib.port_check == 1 &&
            config.dev_config.params.tcp.port == 19000 &&
            config.dev_config.params.ofi.use_shm == 1 &&
            config.dev_config.params.ofi.provider_info == 0 &&
            config.dev_config.params.ofi.progress_auto == 1,
        "device defaults");
  CHECK(config.network == GASPI_ETHERNET, "network %d", (int)config.network);
  CHECK(config.queue_size_max == 1024 && config.queue_num == 8 && config.group_max == 32 &&
            config.segment_max == 255 && config.transfer_size_max == (1UL << 30) &&
            config.notification_num == 65536 && config.passive_queue_size_max == 1024 &&
            config.passive_transfer_size_max == 65535 && config.allreduce_buf_size == 2040 &&
            config.allreduce_elem_max == 255 && config.rw_list_elem_max == 255 &&
            config.build_infrastructure == GASPI_TOPOLOGY_STATIC && config.user_defined == NULL,
        "limit defaults");

  /* Each limit of gaspi_config_set. */
  gaspi_config_t bad = config;
  bad.queue_num = 17;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.queue_num = 0;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.queue_size_max = 4097;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.sn_port = 1000;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.dev_config.params.ib.mtu = 512;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.segment_max = 0;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.transfer_size_max = (1UL << 30) + 1;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.passive_transfer_size_max = 65536;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);
  bad = config;
  bad.rw_list_elem_max = 256;
  EXPECT(gaspi_config_set(bad), GASPI_ERR_CONFIG);

  gaspi_config_t wanted = config;
  wanted.queue_num = 3;
  wanted.queue_size_max = 100;
  wanted.notification_num = 128;
  wanted.segment_max = 10;
  wanted.group_max = 5;
  wanted.transfer_size_max = 4096;
  wanted.rw_list_elem_max = 7;
  wanted.passive_transfer_size_max = 1000;
  wanted.allreduce_elem_max = 17;
  wanted.allreduce_buf_size = 1; /* ignored, as by GPI-2 */
  wanted.network = GASPI_IB;
  OK(gaspi_config_set(wanted));
  OK(gaspi_config_get(&config));
  CHECK(config.queue_num == 3 && config.user_net == 1 && config.allreduce_buf_size == 2040,
        "set before init: queue_num %u user_net %u buf %lu", config.queue_num, config.user_net,
        config.allreduce_buf_size);

  OK(gaspi_proc_init(GASPI_BLOCK));
  EXPECT(gaspi_config_set(wanted), GASPI_ERR_INITED);
  gaspi_number_t number = 0;
  gaspi_size_t size = 0;
  OK(gaspi_queue_num(&number));
  CHECK(number == 3, "queue_num %u", number);
  OK(gaspi_queue_size_max(&number));
  CHECK(number == 100, "queue_size_max %u", number);
  OK(gaspi_queue_max(&number));
  CHECK(number == 16, "queue_max %u", number);
  OK(gaspi_notification_num(&number));
  CHECK(number == 128, "notification_num %u", number);
  OK(gaspi_segment_max(&number));
  CHECK(number == 10, "segment_max %u", number);
  OK(gaspi_group_max(&number));
  CHECK(number == 5, "group_max %u", number);
  OK(gaspi_rw_list_elem_max(&number));
  CHECK(number == 7, "rw_list_elem_max %u", number);
  OK(gaspi_allreduce_elem_max(&number));
  CHECK(number == 17, "allreduce_elem_max %u", number);
  OK(gaspi_allreduce_buf_size(&size));
  CHECK(size == 2040, "allreduce_buf_size %lu", size);
  OK(gaspi_transfer_size_max(&size));
  CHECK(size == 4096, "transfer_size_max %lu", size);
  OK(gaspi_transfer_size_min(&size));
  CHECK(size == 0, "transfer_size_min %lu", size);
  OK(gaspi_passive_transfer_size_max(&size));
  CHECK(size == 1000, "passive_transfer_size_max %lu", size);
  OK(gaspi_passive_transfer_size_min(&size));
  CHECK(size == 1, "passive_transfer_size_min %lu", size);
  gaspi_atomic_value_t atomic_max = 0;
  OK(gaspi_atomic_max(&atomic_max));
  CHECK(atomic_max == 0xffffffffffffffffUL, "atomic_max %lx", atomic_max);
  gaspi_network_t network = GASPI_ETHERNET;
  OK(gaspi_network_type(&network));
  CHECK(network == GASPI_IB, "network %d", (int)network);
  OK(gaspi_build_infrastructure(&number));
  CHECK(number == GASPI_TOPOLOGY_STATIC, "build_infrastructure %u", number);

  /* The configured limits are enforced. */
  OK(gaspi_segment_create(0, 8192, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  EXPECT(gaspi_segment_alloc(10, 64, GASPI_MEM_INITIALIZED), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_write(0, 0, 0, 0, 0, 4097, 0, GASPI_BLOCK), GASPI_ERR_INV_COMMSIZE);
  EXPECT(gaspi_write(0, 0, 0, 0, 0, 64, 3, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_notify(0, 0, 128, 1, 0, GASPI_BLOCK), GASPI_ERR_INV_NOTIF_ID);
  OK(gaspi_notify(0, 0, 127, 1, 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
