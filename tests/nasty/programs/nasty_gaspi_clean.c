/* A race-free GASPI program over what the nasty schedule holds, reorders and splits: a large
 * write_notify answered before its origin waits on the queue, writes and a write_list ordered by
 * a gaspi_notify on another queue, gaspi_read with gaspi_wait, read_notify with waitsome,
 * read_list_notify polled with notify_reset, a notification another rank waits for while its
 * origin is in a barrier, polling with atomics and a passive receive that wait for a held
 * notification, gaspi_queue_size and a queue filled up to GASPI_QUEUE_FULL. Everything a rank
 * prints is ordered by notifications or waits: its output must not depend on the schedule. */
#include "nasty_gaspi.h"

#include <stdio.h>

#define BIG 512         /* longs of a large transfer (split into pieces) */
enum {                  /* regions of the segment, in longs */
       OUT = 0,         /* what this rank sends (never changed after the start) */
       RING = BIG,      /* the large write_notify from the left neighbour */
       LIST = 2 * BIG,  /* writes and a list from the left neighbour, then a notify */
       READ = 3 * BIG,  /* gaspi_read and read_list_notify of the left neighbour's OUT */
       READ2 = 4 * BIG, /* read_notify of the same */
       FLAG = 5 * BIG,
       COUNTER,
       PASSIVE,
       SCRATCH,
       FILL, /* bytes written one by one until the queue is full */
       LONGS = FILL + 4096 / sizeof(long) + 1
};

static long sum(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) s = s * 31 + v[i];
  return s;
}

int main(void) {
  gaspi_rank_t me, n;
  long *mem = open_segment(LONGS, &me, &n);
  gaspi_rank_t right = (gaspi_rank_t)((me + 1) % n), left = (gaspi_rank_t)((me + n - 1) % n);
  for (int i = 0; i < BIG; ++i) mem[OUT + i] = me * 100000 + i;
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);

  /* 1. A large write_notify around the ring; each rank waits for its left neighbour's before it
   * waits on its own queue. */
  gaspi_write_notify(SEG, AT(OUT), right, SEG, AT(RING), AT(BIG), 0, 1, 0, GASPI_BLOCK);
  gaspi_number_t posted = 0;
  gaspi_queue_size(0, &posted);
  wait_for(0);
  long ring = sum(mem + RING, BIG);
  gaspi_wait(0, GASPI_BLOCK);

  /* 2. A write and a list on queue 1, then a gaspi_notify on queue 1 that they arrive before. */
  gaspi_write(SEG, AT(OUT), right, SEG, AT(LIST), AT(BIG / 2), 1, GASPI_BLOCK);
  gaspi_segment_id_t segs[2] = {SEG, SEG};
  gaspi_offset_t from[2] = {AT(OUT + BIG / 2), AT(OUT + 3 * BIG / 4)};
  gaspi_offset_t to[2] = {AT(LIST + BIG / 2), AT(LIST + 3 * BIG / 4)};
  gaspi_size_t sizes[2] = {AT(BIG / 4), AT(BIG / 4)};
  gaspi_write_list(2, segs, from, right, segs, to, sizes, 1, GASPI_BLOCK);
  gaspi_notify(SEG, right, 1, 7, 1, GASPI_BLOCK);
  wait_for(1);
  long list = sum(mem + LIST, BIG);
  gaspi_wait(1, GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);

  /* 3. Reads of the left neighbour's OUT: completed by gaspi_wait, by the read_notify's
   * notification, and by a read_list_notify's notification polled with notify_reset. */
  gaspi_read(SEG, AT(READ), left, SEG, AT(OUT), AT(BIG), 0, GASPI_BLOCK);
  gaspi_wait(0, GASPI_BLOCK);
  long read = sum(mem + READ, BIG);
  gaspi_read_notify(SEG, AT(READ2), left, SEG, AT(OUT), AT(BIG), 2, 0, GASPI_BLOCK);
  wait_for(2);
  long read_notify = sum(mem + READ2, BIG);
  gaspi_offset_t halves[2] = {AT(OUT + BIG / 2), AT(OUT)};
  gaspi_offset_t into[2] = {AT(READ), AT(READ + BIG / 2)};
  gaspi_size_t half[2] = {AT(BIG / 2), AT(BIG / 2)};
  gaspi_read_list_notify(2, segs, into, left, segs, halves, half, SEG, 3, 0, GASPI_BLOCK);
  gaspi_notification_t value = 0;
  do gaspi_notify_reset(SEG, 3, &value);
  while (value == 0);
  long read_list = sum(mem + READ, BIG);
  gaspi_wait(0, GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);

  /* 4. Rank 1 waits for rank 0's notification while rank 0 is in the barrier. */
  long flag = -1;
  if (me == 0) {
    mem[SCRATCH] = 42;
    gaspi_write_notify(SEG, AT(SCRATCH), 1, SEG, AT(FLAG), sizeof(long), 4, 1, 0, GASPI_BLOCK);
  }
  if (me == 1) {
    wait_for(4);
    flag = mem[FLAG];
  }
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  if (me == 0) gaspi_wait(0, GASPI_BLOCK);

  /* 5. Rank 0 polls its counter with atomics until rank 1, after rank 0's notification, adds to
   * it; then it receives a passive message rank 1 sends after another notification. */
  gaspi_atomic_value_t counter = 0;
  long passive = -1;
  if (me == 0) {
    gaspi_notify(SEG, 1, 5, 1, 0, GASPI_BLOCK);
    do gaspi_atomic_fetch_add(SEG, AT(COUNTER), 0, 0, &counter, GASPI_BLOCK);
    while (counter == 0);
    gaspi_notify(SEG, 1, 6, 1, 0, GASPI_BLOCK);
    gaspi_rank_t sender;
    gaspi_passive_receive(SEG, AT(PASSIVE), &sender, sizeof(long), GASPI_BLOCK);
    passive = mem[PASSIVE] * 10 + sender;
    gaspi_wait(0, GASPI_BLOCK);
  }
  if (me == 1) {
    gaspi_atomic_value_t old;
    wait_for(5);
    gaspi_atomic_fetch_add(SEG, AT(COUNTER), 0, 3, &old, GASPI_BLOCK);
    wait_for(6);
    mem[SCRATCH] = 77;
    gaspi_passive_send(SEG, AT(SCRATCH), 0, sizeof(long), GASPI_BLOCK);
  }
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);

  /* 6. One-byte writes on queue 2 until it is full; the wait empties it. */
  gaspi_number_t max = 0, full = 0, empty = 0;
  gaspi_queue_size_max(&max);
  int full_after = -1;
  for (gaspi_number_t k = 0; k <= max && k < 4096; ++k)
    if (gaspi_write(SEG, AT(OUT) + k % 8, right, SEG, AT(FILL) + k, 1, 2, GASPI_BLOCK) ==
        GASPI_QUEUE_FULL) {
      full_after = (int)k;
      break;
    }
  gaspi_queue_size(2, &full);
  gaspi_wait(2, GASPI_BLOCK);
  gaspi_queue_size(2, &empty);
  gaspi_notify(SEG, right, 7, 1, 2, GASPI_BLOCK); /* the writes arrive before the segment goes */
  wait_for(7);
  gaspi_wait(2, GASPI_BLOCK);

  printf("rank %d posted %u ring %ld list %ld read %ld %ld %ld flag %ld counter %lu passive %ld "
         "queue %d %u %u\n",
         me, posted, ring, list, read, read_notify, read_list, flag, counter, passive,
         full_after == (int)max, full, empty);
  return close_segment();
}
