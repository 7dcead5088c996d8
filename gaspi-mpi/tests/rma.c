/* gaspi_write, gaspi_read and the list forms between ranks, with self-targeted transfers and
 * size 0 (SUCCESS, nothing posted). Written data is checked by the target after a notification
 * on the same queue; read data after gaspi_wait. */
/* NPROCS: 4 */
#include "check.h"

enum { CHUNK = 512, SEGMENT_SIZE = 16 * CHUNK, LIST = 4 };

static unsigned char pattern(int rank, int i) {
  return (unsigned char)(rank * 31 + i * 7 + 1);
}

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  gaspi_rank_t previous = (gaspi_rank_t)((rank + num - 1) % num);
  OK(gaspi_segment_create(0, SEGMENT_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  OK(gaspi_segment_create(1, SEGMENT_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  unsigned char *seg0 = pointer;
  OK(gaspi_segment_ptr(1, &pointer));
  unsigned char *seg1 = pointer;
  for (int i = 0; i < CHUNK; ++i) seg0[i] = pattern(rank, i);

  /* write: chunk 0 of my segment 0 to chunk 1 of next's segment 1. */
  OK(gaspi_write(0, 0, next, 1, CHUNK, CHUNK, 0, GASPI_BLOCK));
  OK(gaspi_write(0, 0, next, 1, 0, 0, 0, GASPI_BLOCK)); /* size 0: nothing posted */
  gaspi_number_t queued = 0;
  OK(gaspi_queue_size(0, &queued));
  CHECK(queued == 1, "queue holds %u entries", queued);
  OK(gaspi_notify(1, next, 0, 1, 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  gaspi_notification_id_t id = 0;
  OK(gaspi_notify_waitsome(1, 0, 1, &id, GASPI_BLOCK));
  OK(gaspi_notify_reset(1, 0, NULL));
  for (int i = 0; i < CHUNK; ++i)
    CHECK(seg1[CHUNK + i] == pattern(previous, i), "write: byte %d is %u", i, seg1[CHUNK + i]);

  /* write to myself. */
  OK(gaspi_write(0, 0, rank, 0, 2 * CHUNK, CHUNK, 1, GASPI_BLOCK));
  OK(gaspi_notify(0, rank, 3, 5, 1, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(0, 3, 1, &id, GASPI_BLOCK));
  for (int i = 0; i < CHUNK; ++i)
    CHECK(seg0[2 * CHUNK + i] == pattern(rank, i), "self write: byte %d", i);

  /* read: next's chunk 0 of segment 0 into my chunk 3 of segment 1 (data set before a barrier). */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_read(1, 3 * CHUNK, next, 0, 0, CHUNK, 2, GASPI_BLOCK));
  OK(gaspi_wait(2, GASPI_BLOCK));
  for (int i = 0; i < CHUNK; ++i)
    CHECK(seg1[3 * CHUNK + i] == pattern(next, i), "read: byte %d is %u", i, seg1[3 * CHUNK + i]);

  /* write_list: LIST pieces of 16 bytes, scattered, to previous's segment 1 from both segments. */
  gaspi_segment_id_t local_segments[LIST] = {0, 1, 0, 1};
  gaspi_offset_t local_offsets[LIST] = {0, 3 * CHUNK + 16, 32, 3 * CHUNK + 48};
  gaspi_segment_id_t remote_segments[LIST] = {1, 1, 1, 1};
  gaspi_offset_t remote_offsets[LIST] = {8 * CHUNK, 8 * CHUNK + 100, 8 * CHUNK + 200, 9 * CHUNK};
  gaspi_size_t sizes[LIST] = {16, 16, 16, 16};
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_write_list(LIST, local_segments, local_offsets, previous, remote_segments,
                      remote_offsets, sizes, 3, GASPI_BLOCK));
  OK(gaspi_queue_size(3, &queued));
  CHECK(queued == LIST, "write_list queued %u entries", queued);
  OK(gaspi_notify(1, previous, 1, 1, 3, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(1, 1, 1, &id, GASPI_BLOCK));
  for (int i = 0; i < 16; ++i) {
    CHECK(seg1[8 * CHUNK + i] == pattern(next, i), "list piece 0 byte %d", i);
    /* piece 1 came from next's segment 1 chunk 3 = what next read from its next. */
    CHECK(seg1[8 * CHUNK + 100 + i] == pattern((next + 1) % num, 16 + i), "list piece 1 byte %d",
          i);
    CHECK(seg1[8 * CHUNK + 200 + i] == pattern(next, 32 + i), "list piece 2 byte %d", i);
    CHECK(seg1[9 * CHUNK + i] == pattern((next + 1) % num, 48 + i), "list piece 3 byte %d", i);
  }

  /* read_list: the same pieces back from previous into my segment 0 chunk 12.. */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  gaspi_offset_t back_offsets[LIST] = {12 * CHUNK, 12 * CHUNK + 16, 12 * CHUNK + 32,
                                       12 * CHUNK + 48};
  gaspi_segment_id_t back_segments[LIST] = {0, 0, 0, 0};
  OK(gaspi_read_list(LIST, back_segments, back_offsets, previous, remote_segments, remote_offsets,
                     sizes, 4, GASPI_BLOCK));
  OK(gaspi_wait(4, GASPI_BLOCK));
  for (int i = 0; i < 16; ++i) {
    CHECK(seg0[12 * CHUNK + i] == pattern(rank, i), "read_list piece 0 byte %d", i);
    CHECK(seg0[12 * CHUNK + 32 + i] == pattern(rank, 32 + i), "read_list piece 2 byte %d", i);
  }
  EXPECT(gaspi_read_list(0, back_segments, back_offsets, previous, remote_segments, remote_offsets,
                         sizes, 4, GASPI_BLOCK),
         GASPI_ERR_INV_NUM);
  EXPECT(gaspi_write_list(256, back_segments, back_offsets, previous, remote_segments,
                          remote_offsets, sizes, 4, GASPI_BLOCK),
         GASPI_ERR_INV_NUM);

  /* The statistics counted this rank's writes to next. */
  unsigned long writes = 0;
  OK(gaspi_statistic_counter_get(0, next, &writes));
  CHECK(writes == 1, "%lu writes counted to next", writes);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
