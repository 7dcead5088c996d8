/* GASPI example (GPI-2 API): rank 0 writes a block to rank 1 with gaspi_write_notify, then a
 * counter with a plain gaspi_write on the same queue. Rank 1 waits for the notification, so
 * reading the block is ordered (the notification's arrival implies its own write's); reading the
 * counter is not: gaspi_write_notify covers only its own write, and gaspi_wait completes the
 * counter's write only locally. A data race. */
#include <GASPI.h>
#include <stdio.h>

#define BLOCK 4
#define COUNTER_OFFSET (BLOCK * sizeof(int))
#define SEGMENT_BYTES (COUNTER_OFFSET + sizeof(int))

static const gaspi_segment_id_t segment = 0;
static const gaspi_queue_id_t queue = 0;
static const gaspi_notification_id_t block_ready = 0;

int main(void) {
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_rank_t me;
  gaspi_proc_rank(&me);
  gaspi_segment_create(segment, SEGMENT_BYTES, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  gaspi_pointer_t base;
  gaspi_segment_ptr(segment, &base);
  int *data = base;
  if (me == 0) {
    for (int i = 0; i < BLOCK; ++i) data[i] = i + 1;
    data[BLOCK] = 42;
    gaspi_write_notify(segment, 0, 1, segment, 0, BLOCK * sizeof(int), block_ready, 1, queue,
                       GASPI_BLOCK);
    gaspi_write(segment, COUNTER_OFFSET, 1, segment, COUNTER_OFFSET, sizeof(int), queue,
                GASPI_BLOCK);
    gaspi_wait(queue, GASPI_BLOCK);
  }
  if (me == 1) {
    gaspi_notification_id_t first;
    gaspi_notification_t value;
    gaspi_notify_waitsome(segment, block_ready, 1, &first, GASPI_BLOCK);
    gaspi_notify_reset(segment, first, &value);
    printf("block[3] = %d\n", data[BLOCK - 1]);
    printf("counter = %d\n", data[BLOCK]);
  }
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}
