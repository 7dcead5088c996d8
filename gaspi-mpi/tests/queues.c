/* Queues: entries per call, GASPI_QUEUE_FULL with a small queue_size_max (nothing posted),
 * gaspi_wait resets the count, queue_create (new id = current count, at most 16), queue_delete,
 * queue_purge, and invalid queues. */
#include "check.h"

enum { QUEUE_SIZE_MAX = 4 };

int main(void) {
  gaspi_config_t config;
  OK(gaspi_config_get(&config));
  config.queue_size_max = QUEUE_SIZE_MAX;
  OK(gaspi_config_set(config));
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  OK(gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_number_t size = 99;

  /* 4 writes fill queue 0; the fifth is refused and not posted. */
  for (int i = 0; i < QUEUE_SIZE_MAX; ++i)
    OK(gaspi_write(0, 0, next, 0, 512 + 8 * (gaspi_offset_t)i, 8, 0, GASPI_BLOCK));
  OK(gaspi_queue_size(0, &size));
  CHECK(size == QUEUE_SIZE_MAX, "queue 0 holds %u", size);
  EXPECT(gaspi_write(0, 0, next, 0, 0, 8, 0, GASPI_BLOCK), GASPI_QUEUE_FULL);
  EXPECT(gaspi_notify(0, next, 0, 1, 0, GASPI_BLOCK), GASPI_QUEUE_FULL);
  OK(gaspi_queue_size(0, &size));
  CHECK(size == QUEUE_SIZE_MAX, "queue 0 holds %u after QUEUE_FULL", size);
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_queue_size(0, &size));
  CHECK(size == 0, "queue 0 holds %u after wait", size);

  /* write_notify takes 2 entries, a list of 3 with notification 4: 2 + 4 > 4. */
  OK(gaspi_write_notify(0, 0, next, 0, 0, 8, 0, 1, 1, GASPI_BLOCK));
  OK(gaspi_queue_size(1, &size));
  CHECK(size == 2, "write_notify: %u entries", size);
  gaspi_segment_id_t segments[3] = {0, 0, 0};
  gaspi_offset_t offsets[3] = {0, 8, 16};
  gaspi_size_t sizes[3] = {8, 8, 8};
  EXPECT(gaspi_write_list_notify(3, segments, offsets, next, segments, offsets, sizes, 0, 2, 1, 1,
                                 GASPI_BLOCK),
         GASPI_QUEUE_FULL);
  OK(gaspi_queue_purge(1, GASPI_BLOCK));
  OK(gaspi_queue_size(1, &size));
  CHECK(size == 0, "purged queue holds %u", size);
  OK(gaspi_write_list_notify(3, segments, offsets, next, segments, offsets, sizes, 0, 2, 1, 1,
                             GASPI_BLOCK));
  OK(gaspi_queue_size(1, &size));
  CHECK(size == 4, "write_list_notify: %u entries", size);
  OK(gaspi_wait(1, GASPI_BLOCK));

  /* Creating and deleting queues. */
  gaspi_number_t queues = 0;
  gaspi_number_t queue_max = 0;
  OK(gaspi_queue_num(&queues));
  OK(gaspi_queue_max(&queue_max));
  CHECK(queues == 8 && queue_max == 16, "%u queues of at most %u", queues, queue_max);
  EXPECT(gaspi_write(0, 0, next, 0, 0, 8, 8, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  gaspi_queue_id_t created = 0;
  OK(gaspi_queue_create(&created, GASPI_BLOCK));
  CHECK(created == 8, "new queue id %u", created);
  OK(gaspi_write(0, 0, next, 0, 0, 8, created, GASPI_BLOCK));
  OK(gaspi_queue_size(created, &size));
  CHECK(size == 1, "new queue holds %u", size);
  for (gaspi_number_t q = 9; q < 16; ++q) OK(gaspi_queue_create(&created, GASPI_BLOCK));
  CHECK(created == 15, "last queue id %u", created);
  OK(gaspi_queue_num(&queues));
  CHECK(queues == 16, "%u queues", queues);
  EXPECT(gaspi_queue_create(&created, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  OK(gaspi_queue_delete(15));
  OK(gaspi_queue_delete(8));
  OK(gaspi_queue_num(&queues));
  CHECK(queues == 14, "%u queues after two deletes", queues);
  EXPECT(gaspi_write(0, 0, next, 0, 0, 8, 8, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_queue_delete(8), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_queue_size(16, &size), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_wait(200, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_queue_purge(15, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  OK(gaspi_queue_create(&created, GASPI_BLOCK));
  CHECK(created == 8, "re-created queue id %u", created);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
