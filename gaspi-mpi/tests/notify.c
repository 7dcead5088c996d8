/* Notifications: ordering (data of earlier writes on the same queue visible once the
 * notification is seen), write_notify, write_list_notify (slot in another segment), read_notify
 * and read_list_notify (slot on the caller), the lowest set id from waitsome, notify_reset's old
 * value, size-0 forms, num 0, and value 0 / id errors. */
/* NPROCS: 4 */
#include "check.h"

#include <string.h>

enum { ROUNDS = 20, WORDS = 256, SEGMENT_SIZE = WORDS * sizeof(long) * 4 };

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  gaspi_rank_t next = (gaspi_rank_t)((rank + 1) % num);
  gaspi_rank_t previous = (gaspi_rank_t)((rank + num - 1) % num);
  OK(gaspi_segment_create(0, SEGMENT_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  OK(gaspi_segment_create(1, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  long *words = pointer; /* [0, WORDS): source, [WORDS, 2 WORDS): target */
  gaspi_notification_id_t id = 0;
  gaspi_notification_t old = 0;

  /* Ordering: many writes, then a notify on the same queue; every round's data is complete when
   * the round's notification is seen. */
  for (int round = 1; round <= ROUNDS; ++round) {
    for (int w = 0; w < WORDS; ++w) words[w] = round * 1000 + w;
    for (int w = 0; w < WORDS; w += 32)
      OK(gaspi_write(0, (gaspi_offset_t)w * sizeof(long), next, 0,
                     (gaspi_offset_t)(WORDS + w) * sizeof(long), 32 * sizeof(long), 0,
                     GASPI_BLOCK));
    OK(gaspi_notify(0, next, 10, (gaspi_notification_t)round, 0, GASPI_BLOCK));
    OK(gaspi_notify_waitsome(0, 10, 1, &id, GASPI_BLOCK));
    OK(gaspi_notify_reset(0, 10, &old));
    CHECK(id == 10 && old == (gaspi_notification_t)round, "round %d: id %u value %u", round, id,
          old);
    for (int w = 0; w < WORDS; ++w)
      CHECK(words[WORDS + w] == round * 1000 + w, "round %d word %d is %ld", round, w,
            words[WORDS + w]);
    OK(gaspi_wait(0, GASPI_BLOCK));
    /* The source may change only after the previous rank's next round starts. */
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }

  /* write_notify: the write of this call is there when its notification is. */
  words[0] = 4242 + rank;
  OK(gaspi_write_notify(0, 0, next, 0, 2 * WORDS * sizeof(long), sizeof(long), 20, 7, 1,
                        GASPI_BLOCK));
  OK(gaspi_notify_waitsome(0, 20, 1, &id, GASPI_BLOCK));
  OK(gaspi_notify_reset(0, 20, &old));
  CHECK(old == 7 && words[2 * WORDS] == 4242 + previous, "write_notify: value %u data %ld", old,
        words[2 * WORDS]);

  /* write_notify with size 0 is a notify. */
  OK(gaspi_write_notify(0, 0, next, 0, 0, 0, 21, 3, 1, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(0, 21, 1, &id, GASPI_BLOCK));
  OK(gaspi_notify_reset(0, 21, &old));
  CHECK(old == 3, "size-0 write_notify value %u", old);

  /* write_list_notify: data into segment 0, notification into segment 1. */
  words[1] = 100 + rank;
  words[2] = 200 + rank;
  gaspi_segment_id_t local_segments[2] = {0, 0};
  gaspi_offset_t local_offsets[2] = {sizeof(long), 2 * sizeof(long)};
  gaspi_segment_id_t remote_segments[2] = {0, 0};
  gaspi_offset_t remote_offsets[2] = {(2 * WORDS + 1) * sizeof(long),
                                      (2 * WORDS + 2) * sizeof(long)};
  gaspi_size_t sizes[2] = {sizeof(long), sizeof(long)};
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_write_list_notify(2, local_segments, local_offsets, next, remote_segments,
                             remote_offsets, sizes, 1, 5, 9, 2, GASPI_BLOCK));
  gaspi_number_t queued = 0;
  OK(gaspi_queue_size(2, &queued));
  CHECK(queued == 3, "write_list_notify queued %u", queued);
  OK(gaspi_notify_waitsome(1, 0, 100, &id, GASPI_BLOCK));
  CHECK(id == 5, "notification in segment 1 at %u", id);
  OK(gaspi_notify_reset(1, 5, &old));
  CHECK(
      old == 9 && words[2 * WORDS + 1] == 100 + previous && words[2 * WORDS + 2] == 200 + previous,
      "write_list_notify: value %u data %ld %ld", old, words[2 * WORDS + 1], words[2 * WORDS + 2]);
  OK(gaspi_notify_reset(0, 5, &old));
  CHECK(old == 0, "segment 0 slot 5 is %u", old);

  /* read_notify: the slot is set on the caller, with value 1, when the data is there. */
  words[3 * WORDS] = 5000 + rank;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_read_notify(0, (3 * WORDS + 1) * sizeof(long), next, 0, 3 * WORDS * sizeof(long),
                       sizeof(long), 30, 3, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(0, 30, 1, &id, GASPI_BLOCK));
  OK(gaspi_notify_reset(0, 30, &old));
  CHECK(old == 1 && words[3 * WORDS + 1] == 5000 + next, "read_notify: value %u data %ld", old,
        words[3 * WORDS + 1]);
  OK(gaspi_queue_size(3, &queued));
  CHECK(queued == 2, "read_notify queued %u", queued);

  /* read_notify with size 0: a notify to myself with value 1. */
  OK(gaspi_read_notify(0, 0, next, 0, 0, 0, 31, 3, GASPI_BLOCK));
  OK(gaspi_notify_reset(0, 31, &old));
  CHECK(old == 1, "size-0 read_notify value %u", old);

  /* read_list_notify: slot in segment 1 of the caller. */
  gaspi_offset_t into[2] = {(3 * WORDS + 2) * sizeof(long), (3 * WORDS + 3) * sizeof(long)};
  gaspi_offset_t from[2] = {3 * WORDS * sizeof(long), 3 * WORDS * sizeof(long)};
  OK(gaspi_read_list_notify(2, local_segments, into, previous, remote_segments, from, sizes, 1, 40,
                            4, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(1, 40, 1, &id, GASPI_BLOCK));
  OK(gaspi_notify_reset(1, 40, &old));
  CHECK(old == 1 && words[3 * WORDS + 2] == 5000 + previous &&
            words[3 * WORDS + 3] == 5000 + previous,
        "read_list_notify: value %u data %ld %ld", old, words[3 * WORDS + 2], words[3 * WORDS + 3]);

  /* waitsome reports the lowest set id of the range; num 0 returns at once. */
  OK(gaspi_notify(0, rank, 57, 1, 4, GASPI_BLOCK));
  OK(gaspi_notify(0, rank, 52, 1, 4, GASPI_BLOCK));
  OK(gaspi_notify(0, rank, 2000, 1, 4, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(0, 50, 10, &id, GASPI_BLOCK));
  CHECK(id == 52, "lowest set id %u", id);
  OK(gaspi_notify_waitsome(0, 1500, 1000, &id, GASPI_BLOCK));
  CHECK(id == 2000, "set id beyond the first chunk: %u", id);
  OK(gaspi_notify_waitsome(0, 0, 0, &id, GASPI_TEST));
  OK(gaspi_notify_reset(0, 52, &old));
  OK(gaspi_notify_waitsome(0, 50, 10, &id, GASPI_BLOCK));
  CHECK(id == 57, "after reset the lowest set id is %u", id);

  /* Errors: value 0, id out of range; nothing is posted. */
  OK(gaspi_wait(5, GASPI_BLOCK));
  gaspi_number_t notification_num = 0;
  OK(gaspi_notification_num(&notification_num));
  EXPECT(gaspi_notify(0, next, 1, 0, 5, GASPI_BLOCK), GASPI_ERR_INV_NOTIF_VAL);
  EXPECT(gaspi_write_notify(0, 0, next, 0, 0, 8, 1, 0, 5, GASPI_BLOCK), GASPI_ERR_INV_NOTIF_VAL);
  EXPECT(gaspi_write_list_notify(2, local_segments, local_offsets, next, remote_segments,
                                 remote_offsets, sizes, 1, 5, 0, 5, GASPI_BLOCK),
         GASPI_ERR_INV_NOTIF_VAL);
  EXPECT(gaspi_notify(0, next, (gaspi_notification_id_t)notification_num, 1, 5, GASPI_BLOCK),
         GASPI_ERR_INV_NOTIF_ID);
  EXPECT(gaspi_notify_reset(0, (gaspi_notification_id_t)notification_num, &old),
         GASPI_ERR_INV_NOTIF_ID);
  EXPECT(
      gaspi_notify_waitsome(0, (gaspi_notification_id_t)(notification_num - 1), 2, &id, GASPI_TEST),
      GASPI_ERR_INV_NUM);
  EXPECT(gaspi_notify_waitsome(0, 0, 1, NULL, GASPI_TEST), GASPI_ERR_NULLPTR);
  OK(gaspi_queue_size(5, &queued));
  CHECK(queued == 0, "failed calls queued %u entries", queued);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
