/* A race-free GASPI program using every synchronisation the front end models: segment_create,
 * write_notify and write_list_notify with waitsome and reset, notify after writes on one queue,
 * read and read_notify with wait and waitsome, atomics, passive send and receive, allreduce and
 * barriers on GASPI_GROUP_ALL and on a committed subgroup. Each rank prints what it received. */
#include <GASPI.h>
#include <stdio.h>

#define N 8
#define SEG 1
#define Q 0

static void wait_for(gaspi_notification_id_t id) {
  gaspi_notification_id_t first;
  gaspi_notification_t value;
  gaspi_notify_waitsome(SEG, id, 1, &first, GASPI_BLOCK);
  gaspi_notify_reset(SEG, first, &value);
}

int main(void) {
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_rank_t me, n;
  gaspi_proc_rank(&me);
  gaspi_proc_num(&n);
  gaspi_segment_create(SEG, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  gaspi_pointer_t base;
  gaspi_segment_ptr(SEG, &base);
  long *mem = base; /* [0,N) outgoing, [N,2N) incoming ring, [2N,3N) list, 3N counter */
  gaspi_rank_t right = (gaspi_rank_t)((me + 1) % n), left = (gaspi_rank_t)((me + n - 1) % n);

  /* Ring: write_notify to the right neighbour, wait for the left one. */
  for (int i = 0; i < N; ++i) mem[i] = me * 100 + i;
  gaspi_write_notify(SEG, 0, right, SEG, N * sizeof(long), N * sizeof(long), 0, 1, Q, GASPI_BLOCK);
  wait_for(0);
  long ring = 0;
  for (int i = 0; i < N; ++i) ring += mem[N + i];
  gaspi_wait(Q, GASPI_BLOCK);

  /* Writes then a notify on the same queue: the notify covers them. */
  gaspi_segment_id_t segs[2] = {SEG, SEG};
  gaspi_offset_t from[2] = {0, 4 * sizeof(long)};
  gaspi_offset_t to[2] = {2 * N * sizeof(long), (2 * N + 4) * sizeof(long)};
  gaspi_size_t sizes[2] = {4 * sizeof(long), 4 * sizeof(long)};
  gaspi_write_list(2, segs, from, right, segs, to, sizes, Q, GASPI_BLOCK);
  gaspi_notify(SEG, right, 1, 1, Q, GASPI_BLOCK);
  wait_for(1);
  long list = 0;
  for (int i = 0; i < N; ++i) list += mem[2 * N + i];
  gaspi_wait(Q, GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);

  /* Reads of the left neighbour's outgoing block, completed by wait and by read_notify. */
  gaspi_read(SEG, 64 * sizeof(long), left, SEG, 0, N * sizeof(long), Q, GASPI_BLOCK);
  gaspi_wait(Q, GASPI_BLOCK);
  gaspi_read_notify(SEG, 80 * sizeof(long), left, SEG, 0, N * sizeof(long), 2, Q, GASPI_BLOCK);
  wait_for(2);
  long read = mem[64] + mem[80 + N - 1];
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);

  /* Atomics on rank 0's counter; read after a barrier. */
  gaspi_atomic_value_t old;
  gaspi_atomic_fetch_add(SEG, 3 * N * sizeof(long), 0, (gaspi_atomic_value_t)me + 1, &old,
                         GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  long counter = me == 0 ? mem[3 * N] : -1;

  /* Passive: every rank but 0 sends its rank to rank 0. */
  long got = 0;
  if (me != 0) {
    mem[100] = me;
    gaspi_passive_send(SEG, 100 * sizeof(long), 0, sizeof(long), GASPI_BLOCK);
  } else {
    for (int i = 1; i < n; ++i) {
      gaspi_rank_t sender;
      gaspi_passive_receive(SEG, 101 * sizeof(long), &sender, sizeof(long), GASPI_BLOCK);
      got += mem[101];
    }
  }

  /* Allreduce over everyone and over the subgroup {0, 1}. */
  long one = me + 1, sum = 0;
  gaspi_allreduce(&one, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_group_t pair;
  gaspi_group_create(&pair);
  gaspi_group_add(pair, 0);
  gaspi_group_add(pair, 1);
  long pair_max = 0;
  if (me < 2) {
    gaspi_group_commit(pair, GASPI_BLOCK);
    gaspi_allreduce(&one, &pair_max, 1, GASPI_OP_MAX, GASPI_TYPE_LONG, pair, GASPI_BLOCK);
    gaspi_barrier(pair, GASPI_BLOCK);
  }
  printf("rank %d ring %ld list %ld read %ld counter %ld passive %ld sum %ld pair %ld old %s\n", me,
         ring, list, read, counter, got, sum, pair_max, old <= 6 ? "ok" : "bad");
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}
