/* Rank 0 writes a block with gaspi_write_notify and a counter with gaspi_write; rank 1 waits for
 * the block's notification only: the counter's load races with the write. */
#include <GASPI.h>
#include <stdio.h>

int main(void) {
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_rank_t me;
  gaspi_proc_rank(&me);
  gaspi_segment_create(3, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  gaspi_pointer_t base;
  gaspi_segment_ptr(3, &base);
  int *data = base;
  if (me == 0) {
    data[0] = 42;
    data[4] = 7;
    gaspi_write_notify(3, 0, 1, 3, 0, sizeof(int), 5, 1, 2, GASPI_BLOCK);
    gaspi_write(3, 16, 1, 3, 16, sizeof(int), 2, GASPI_BLOCK);
    gaspi_wait(2, GASPI_BLOCK);
  }
  if (me == 1) {
    gaspi_notification_id_t first;
    gaspi_notify_waitsome(3, 5, 1, &first, GASPI_BLOCK);
    gaspi_notify_reset(3, first, NULL);
    printf("data %d\n", data[0]);
    printf("counter %d\n", data[4]);
  }
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}
