/* Segments: alloc (zero-filled with GASPI_MEM_INITIALIZED), register, create, bind, use, delete,
 * ptr, size (local and remote), num, list, avail_local, the separate notification slots, and the
 * errors (unknown and invalid ids, size 0, existing id, unregistered remote segment). */
/* NPROCS: 3 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

enum { SEGMENT_SIZE = 4096, BOUND_SIZE = 256 };

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  gaspi_rank_t previous = (gaspi_rank_t)((rank + num - 1) % num);

  gaspi_number_t count = 99;
  OK(gaspi_segment_num(&count));
  CHECK(count == 0, "%u segments at start", count);
  gaspi_segment_id_t avail = 99;
  OK(gaspi_segment_avail_local(&avail));
  CHECK(avail == 0, "first available id %u", avail);

  /* create: every member can access every other member's segment 0 at once. */
  OK(gaspi_segment_create(0, SEGMENT_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  unsigned char *data = pointer;
  for (int i = 0; i < SEGMENT_SIZE; ++i) CHECK(data[i] == 0, "byte %d not zero-filled", i);
  gaspi_size_t size = 0;
  OK(gaspi_segment_size(0, rank, &size));
  CHECK(size == SEGMENT_SIZE, "own size %lu", size);
  OK(gaspi_segment_size(0, next, &size));
  CHECK(size == SEGMENT_SIZE, "size of rank %u's segment %lu", next, size);

  /* The notification slots are not part of the data: filling the data leaves them at 0. */
  memset(data, 0xff, SEGMENT_SIZE);
  gaspi_notification_t old = 99;
  OK(gaspi_notify_reset(0, 0, &old));
  CHECK(old == 0, "slot 0 is %u", old);
  gaspi_notification_id_t first = 0;
  EXPECT(gaspi_notify_waitsome(0, 0, 1000, &first, GASPI_TEST), GASPI_TIMEOUT);

  /* alloc + register with one rank: only that rank can access it. */
  OK(gaspi_segment_alloc(3, 1000 + rank, GASPI_MEM_UNINITIALIZED));
  OK(gaspi_segment_register(3, next, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_segment_size(3, previous, &size));
  CHECK(size == 1000u + previous, "registered size %lu", size);
  if (num > 2) EXPECT(gaspi_segment_size(3, next, &size), GASPI_ERR_INV_SEG);
  OK(gaspi_write_notify(0, 0, previous, 3, 0, 8, 0, 1, 0, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(3, 0, 1, &first, GASPI_BLOCK)); /* next's write has arrived */
  if (num > 2) EXPECT(gaspi_write(0, 0, next, 3, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_write(0, 0, previous, 3, 1000, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_REM_OFF);
  OK(gaspi_wait(0, GASPI_BLOCK));

  /* bind + use: user memory becomes segment 5 on all ranks. */
  unsigned char *bound = malloc(BOUND_SIZE);
  memset(bound, 0, BOUND_SIZE);
  OK(gaspi_segment_use(5, bound, BOUND_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, 0));
  OK(gaspi_segment_ptr(5, &pointer));
  CHECK(pointer == bound, "ptr of bound segment %p, memory %p", pointer, (void *)bound);
  unsigned char *source = data;
  source[0] = (unsigned char)(rank + 1);
  OK(gaspi_write_notify(0, 0, next, 5, (gaspi_offset_t)rank, 1, 7, 1, 0, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(5, 7, 1, &first, GASPI_BLOCK));
  OK(gaspi_notify_reset(5, 7, &old));
  CHECK(first == 7 && old == 1, "notification %u value %u", first, old);
  CHECK(bound[previous] == previous + 1, "bound memory got %u", bound[previous]);

  /* bind alone: local use only. */
  unsigned char local_memory[64];
  OK(gaspi_segment_bind(7, local_memory, sizeof local_memory, 0));

  OK(gaspi_segment_num(&count));
  CHECK(count == 4, "%u segments", count);
  gaspi_segment_id_t list[4] = {0};
  EXPECT(gaspi_segment_list(3, list), GASPI_ERR_INV_NUM);
  OK(gaspi_segment_list(4, list));
  CHECK(list[0] == 0 && list[1] == 3 && list[2] == 5 && list[3] == 7, "list %u %u %u %u", list[0],
        list[1], list[2], list[3]);
  OK(gaspi_segment_avail_local(&avail));
  CHECK(avail == 1, "next available id %u", avail);

  /* Errors. */
  gaspi_number_t max = 0;
  OK(gaspi_segment_max(&max));
  CHECK(max == 255, "segment_max %u", max);
  EXPECT(gaspi_segment_alloc(0, 64, GASPI_MEM_INITIALIZED), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_segment_alloc(1, 0, GASPI_MEM_INITIALIZED), GASPI_ERR_INV_SEGSIZE);
  EXPECT(gaspi_segment_alloc(255, 64, GASPI_MEM_INITIALIZED), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_segment_bind(1, NULL, 64, 0), GASPI_ERR_NULLPTR);
  EXPECT(gaspi_segment_ptr(2, &pointer), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_segment_delete(2), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_segment_size(2, rank, &size), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_segment_size(0, num, &size), GASPI_ERR_INV_RANK);
  EXPECT(gaspi_segment_register(2, next, GASPI_BLOCK), GASPI_ERR_INV_SEG);

  /* delete: the id becomes free again and remote registrations are withdrawn. */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_segment_delete(3));
  OK(gaspi_segment_delete(7));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  EXPECT(gaspi_segment_size(3, previous, &size), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_write(0, 0, previous, 3, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  OK(gaspi_segment_num(&count));
  CHECK(count == 2, "%u segments after delete", count);
  OK(gaspi_segment_alloc(3, 64, GASPI_MEM_INITIALIZED));
  OK(gaspi_segment_ptr(3, &pointer));
  for (int i = 0; i < 64; ++i) CHECK(((unsigned char *)pointer)[i] == 0, "byte %d", i);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  free(bound);
  return 0;
}
