/* Argument errors of the one-sided routines: invalid segment, offsets out of range of the local
 * or the remote segment, invalid queue and rank, sizes beyond transfer_size_max, notification
 * value 0. A failing call posts nothing. With GASPI_MPI_DEBUG=1 each error is also printed to
 * stderr, naming the routine and the problem. */
/* EXPECT_STDERR: Error 14 (Invalid local offset) in gaspi_write: offset 60 + size 8 outside local
 * segment 0 of 64 bytes */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <stdlib.h>

int main(void) {
  setenv("GASPI_MPI_DEBUG", "1", 1);
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  OK(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  OK(gaspi_segment_alloc(1, 32, GASPI_MEM_INITIALIZED)); /* not registered anywhere */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  /* Segments. */
  EXPECT(gaspi_write(2, 0, next, 0, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_write(0, 0, next, 2, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_write(0, 0, next, 1, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_read(0, 0, next, 1, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_notify(1, next, 0, 1, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_write(0, 0, next, 255, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_SEG);

  /* Offsets. */
  EXPECT(gaspi_write(0, 60, next, 0, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_LOC_OFF);
  EXPECT(gaspi_write(0, 65, next, 0, 0, 0, 0, GASPI_BLOCK), GASPI_ERR_INV_LOC_OFF);
  EXPECT(gaspi_write(0, 0, next, 0, 57, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_REM_OFF);
  EXPECT(gaspi_read(0, 0, next, 0, 64, 1, 0, GASPI_BLOCK), GASPI_ERR_INV_REM_OFF);
  EXPECT(gaspi_read(0, 63, next, 0, 0, 2, 0, GASPI_BLOCK), GASPI_ERR_INV_LOC_OFF);
  EXPECT(gaspi_write(0, 0, rank, 1, 30, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_REM_OFF);
  EXPECT(gaspi_write(0, ~0UL, next, 0, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_LOC_OFF);
  EXPECT(gaspi_write_notify(0, 0, next, 0, 60, 8, 0, 1, 0, GASPI_BLOCK), GASPI_ERR_INV_REM_OFF);
  EXPECT(gaspi_read_notify(0, 60, next, 0, 0, 8, 0, 0, GASPI_BLOCK), GASPI_ERR_INV_LOC_OFF);
  gaspi_segment_id_t segments[2] = {0, 0};
  gaspi_offset_t good[2] = {0, 8};
  gaspi_offset_t bad[2] = {0, 60};
  gaspi_size_t sizes[2] = {8, 8};
  EXPECT(gaspi_write_list(2, segments, good, next, segments, bad, sizes, 0, GASPI_BLOCK),
         GASPI_ERR_INV_REM_OFF);
  EXPECT(gaspi_read_list(2, segments, bad, next, segments, good, sizes, 0, GASPI_BLOCK),
         GASPI_ERR_INV_LOC_OFF);
  EXPECT(gaspi_write_list(2, segments, good, next, segments, good, NULL, 0, GASPI_BLOCK),
         GASPI_ERR_NULLPTR);

  /* Queues, ranks, sizes, notification values. */
  EXPECT(gaspi_write(0, 0, next, 0, 0, 8, 8, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_notify(0, next, 0, 1, 99, GASPI_BLOCK), GASPI_ERR_INV_QUEUE);
  EXPECT(gaspi_write(0, 0, num, 0, 0, 8, 0, GASPI_BLOCK), GASPI_ERR_INV_RANK);
  EXPECT(gaspi_write(0, 0, next, 0, 0, (1UL << 30) + 1, 0, GASPI_BLOCK), GASPI_ERR_INV_COMMSIZE);
  EXPECT(gaspi_notify(0, next, 0, 0, 0, GASPI_BLOCK), GASPI_ERR_INV_NOTIF_VAL);
  EXPECT(gaspi_write_notify(0, 0, next, 0, 0, 8, 0, 0, 0, GASPI_BLOCK), GASPI_ERR_INV_NOTIF_VAL);

  gaspi_number_t queued = 99;
  OK(gaspi_queue_size(0, &queued));
  CHECK(queued == 0, "failing calls posted %u entries", queued);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
