/* Atomics: fetch_add from every rank on one counter sums up (and every old value is distinct),
 * compare_swap lets exactly one rank win, and misaligned or out-of-range offsets fail. */
/* NPROCS: 4 */
#include "check.h"

enum { ROUNDS = 50 };

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  OK(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  gaspi_atomic_value_t *cells = pointer;

  /* Every rank adds rank + 1, ROUNDS times, to rank 0's cell 0. */
  gaspi_atomic_value_t previous_old = 0;
  for (int i = 0; i < ROUNDS; ++i) {
    gaspi_atomic_value_t old = 0;
    OK(gaspi_atomic_fetch_add(0, 0, 0, rank + 1, &old, GASPI_BLOCK));
    CHECK(i == 0 || old > previous_old, "old values not increasing: %lu after %lu", old,
          previous_old);
    previous_old = old;
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  gaspi_atomic_value_t total = 0;
  OK(gaspi_atomic_fetch_add(0, 0, 0, 0, &total, GASPI_BLOCK));
  gaspi_atomic_value_t expected = (gaspi_atomic_value_t)ROUNDS * num * (num + 1) / 2;
  CHECK(total == expected, "sum %lu, expected %lu", total, expected);

  /* compare_swap 0 -> rank + 1 on rank num-1's cell 1: exactly one winner. */
  gaspi_rank_t owner = (gaspi_rank_t)(num - 1);
  gaspi_atomic_value_t old = 99;
  OK(gaspi_atomic_compare_swap(0, 8, owner, 0, rank + 1, &old, GASPI_BLOCK));
  int won = old == 0;
  int winners = 0;
  OK(gaspi_allreduce(&won, &winners, 1, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL,
                     GASPI_BLOCK));
  CHECK(winners == 1, "%d winners", winners);
  gaspi_atomic_value_t value = 0;
  OK(gaspi_atomic_compare_swap(0, 8, owner, 12345, 0, &value, GASPI_BLOCK)); /* a read */
  CHECK(value >= 1 && value <= num, "cell holds %lu", value);
  if (won) CHECK(value == rank + 1u, "winner %u, cell %lu", rank, value);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (rank == owner) CHECK(cells[1] == value, "local view %lu", cells[1]);

  /* Errors. */
  EXPECT(gaspi_atomic_fetch_add(0, 4, 0, 1, &old, GASPI_BLOCK), GASPI_ERR_UNALIGN_OFF);
  EXPECT(gaspi_atomic_compare_swap(0, 12, 0, 0, 1, &old, GASPI_BLOCK), GASPI_ERR_UNALIGN_OFF);
  EXPECT(gaspi_atomic_fetch_add(0, 64, 0, 1, &old, GASPI_BLOCK), GASPI_ERR_INV_REM_OFF);
  EXPECT(gaspi_atomic_fetch_add(1, 0, 0, 1, &old, GASPI_BLOCK), GASPI_ERR_INV_SEG);
  EXPECT(gaspi_atomic_fetch_add(0, 0, num, 1, &old, GASPI_BLOCK), GASPI_ERR_INV_RANK);
  EXPECT(gaspi_atomic_fetch_add(0, 0, 0, 1, NULL, GASPI_BLOCK), GASPI_ERR_NULLPTR);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
