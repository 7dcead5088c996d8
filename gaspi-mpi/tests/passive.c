/* Passive communication: a synchronous send to a receiver that learns the sender's rank, a
 * receive that times out, a send that times out and is finished by calling it again, and the
 * size limits. */
/* NPROCS: 3 */
#include "check.h"

#include <string.h>

enum { MESSAGE = 100 };

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  OK(gaspi_segment_create(0, 4096, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  unsigned char *data = pointer;
  gaspi_rank_t sender = 99;

  /* Ranks 1.. send to rank 0, which receives from anyone. */
  if (rank == 0) {
    int seen = 0;
    for (gaspi_rank_t i = 1; i < num; ++i) {
      OK(gaspi_passive_receive(0, 1024, &sender, MESSAGE, GASPI_BLOCK));
      CHECK(sender >= 1 && sender < num && !(seen & (1 << sender)), "sender %u", sender);
      seen |= 1 << sender;
      for (int b = 0; b < MESSAGE; ++b)
        CHECK(data[1024 + b] == (unsigned char)(sender * 10 + b), "byte %d from %u", b, sender);
    }
  } else {
    for (int b = 0; b < MESSAGE; ++b) data[b] = (unsigned char)(rank * 10 + b);
    OK(gaspi_passive_send(0, 0, 0, MESSAGE, GASPI_BLOCK));
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  /* Nobody sends: a receive times out. */
  EXPECT(gaspi_passive_receive(0, 1024, &sender, MESSAGE, 50), GASPI_TIMEOUT);
  EXPECT(gaspi_passive_receive(0, 1024, &sender, MESSAGE, GASPI_TEST), GASPI_TIMEOUT);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  /* Rank 1 sends to rank 0 before rank 0 receives: the send times out, and calling it again
   * finishes it once rank 0 receives. */
  if (rank == 1) {
    memset(data + 2048, 0x5a, MESSAGE);
    EXPECT(gaspi_passive_send(0, 2048, 0, MESSAGE, 100), GASPI_TIMEOUT);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
    OK(gaspi_passive_send(0, 2048, 0, MESSAGE, GASPI_BLOCK));
  } else {
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }
  if (rank == 0) {
    OK(gaspi_passive_receive(0, 3072, &sender, MESSAGE, GASPI_BLOCK));
    CHECK(sender == 1, "sender %u", sender);
    for (int b = 0; b < MESSAGE; ++b) CHECK(data[3072 + b] == 0x5a, "byte %d", b);
    EXPECT(gaspi_passive_receive(0, 1024, &sender, MESSAGE, 20), GASPI_TIMEOUT);
  }

  /* Size limits: [1, passive_transfer_size_max]. */
  gaspi_size_t max = 0;
  OK(gaspi_passive_transfer_size_max(&max));
  CHECK(max == 65535, "passive_transfer_size_max %lu", max);
  EXPECT(gaspi_passive_send(0, 0, 0, 0, GASPI_TEST), GASPI_ERR_INV_COMMSIZE);
  EXPECT(gaspi_passive_send(0, 0, 0, max + 1, GASPI_TEST), GASPI_ERR_INV_COMMSIZE);
  EXPECT(gaspi_passive_send(0, 4000, 0, 200, GASPI_TEST), GASPI_ERR_INV_LOC_OFF);
  EXPECT(gaspi_passive_receive(0, 0, NULL, 10, GASPI_TEST), GASPI_ERR_NULLPTR);
  EXPECT(gaspi_passive_send(0, 0, num, 10, GASPI_TEST), GASPI_ERR_INV_RANK);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
