/* Groups on 4 ranks: the even and the odd ranks each build a group (same id on every rank),
 * commit it and run barrier, allreduce and allreduce_user on it; group queries; errors
 * (duplicate and invalid ranks, uncommitted groups, non-members, too many groups). */
/* NPROCS: 4 */
#include "check.h"

/* A non-commutative reduction: result = one * 10 + two, element-wise. */
static gaspi_return_t append_digit(gaspi_pointer_t const one, gaspi_pointer_t const two,
                                   gaspi_pointer_t const result, gaspi_reduce_state_t const state,
                                   const gaspi_number_t num, const gaspi_size_t element_size,
                                   const gaspi_timeout_t timeout_ms) {
  (void)state;
  (void)timeout_ms;
  if (element_size != sizeof(long)) return GASPI_ERROR;
  for (gaspi_number_t i = 0; i < num; ++i)
    ((long *)result)[i] = ((long *)one)[i] * 10 + ((long *)two)[i];
  return GASPI_SUCCESS;
}

int main(void) {
  gaspi_config_t config;
  OK(gaspi_config_get(&config));
  config.group_max = 3;
  OK(gaspi_config_set(config));
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  CHECK(num == 4, "%u ranks", num);

  gaspi_number_t groups = 0;
  OK(gaspi_group_num(&groups));
  CHECK(groups == 1, "%u groups at start (GASPI_GROUP_ALL)", groups);
  gaspi_number_t size = 0;
  OK(gaspi_group_size(GASPI_GROUP_ALL, &size));
  CHECK(size == num, "GASPI_GROUP_ALL has %u ranks", size);

  /* Parity group, members added in descending order. */
  gaspi_group_t parity = 0;
  OK(gaspi_group_create(&parity));
  CHECK(parity == 1, "first user group id %u", parity);
  int odd = rank % 2;
  OK(gaspi_group_add(parity, (gaspi_rank_t)(2 + odd)));
  OK(gaspi_group_add(parity, (gaspi_rank_t)odd));
  EXPECT(gaspi_group_add(parity, (gaspi_rank_t)odd), GASPI_ERR_INV_RANK);
  EXPECT(gaspi_group_add(parity, num), GASPI_ERR_INV_RANK);
  EXPECT(gaspi_barrier(parity, GASPI_BLOCK), GASPI_ERR_INV_GROUP); /* not committed */
  OK(gaspi_group_commit(parity, GASPI_BLOCK));
  EXPECT(gaspi_group_add(parity, (gaspi_rank_t)(1 - odd)), GASPI_ERR_INV_GROUP);
  OK(gaspi_group_size(parity, &size));
  gaspi_rank_t members[4] = {0};
  OK(gaspi_group_ranks(parity, members));
  CHECK(size == 2 && members[0] == odd && members[1] == 2 + odd, "group: %u ranks %u %u", size,
        members[0], members[1]);

  /* Collectives on the subgroup. */
  OK(gaspi_barrier(parity, GASPI_BLOCK));
  long mine[3] = {rank, rank + 1, -rank};
  long result[3] = {0};
  OK(gaspi_allreduce(mine, result, 3, GASPI_OP_SUM, GASPI_TYPE_LONG, parity, GASPI_BLOCK));
  CHECK(result[0] == 2 + 2 * odd && result[1] == 4 + 2 * odd && result[2] == -(2 + 2 * odd),
        "subgroup sum %ld %ld %ld", result[0], result[1], result[2]);
  OK(gaspi_allreduce(mine, result, 1, GASPI_OP_MAX, GASPI_TYPE_LONG, parity, GASPI_BLOCK));
  CHECK(result[0] == 2 + odd, "subgroup max %ld", result[0]);
  long digit = rank + 1;
  long digits = 0;
  OK(gaspi_allreduce_user(&digit, &digits, 1, sizeof(long), append_digit, NULL, parity,
                          GASPI_BLOCK));
  CHECK(digits == (odd ? 24 : 13), "allreduce_user folded %ld", digits);

  /* A group this rank is not in cannot be committed or used. */
  gaspi_group_t other = 0;
  OK(gaspi_group_create(&other));
  OK(gaspi_group_add(other, (gaspi_rank_t)((rank + 1) % num)));
  EXPECT(gaspi_group_commit(other, GASPI_BLOCK), GASPI_ERR_INV_GROUP);
  EXPECT(gaspi_barrier(other, GASPI_BLOCK), GASPI_ERR_INV_GROUP);
  gaspi_group_t third = 0;
  EXPECT(gaspi_group_create(&third), GASPI_ERR_MANY_GRP);
  OK(gaspi_group_num(&groups));
  CHECK(groups == 3, "%u groups", groups);
  OK(gaspi_group_delete(other));
  EXPECT(gaspi_group_size(other, &size), GASPI_ERR_INV_GROUP);
  EXPECT(gaspi_group_delete(GASPI_GROUP_ALL), GASPI_ERR_INV_GROUP);
  EXPECT(gaspi_barrier(7, GASPI_BLOCK), GASPI_ERR_INV_GROUP);
  gaspi_number_t group_max = 0;
  OK(gaspi_group_max(&group_max));
  CHECK(group_max == 3, "group_max %u", group_max);

  /* A segment created on the subgroup is registered with its members only. */
  OK(gaspi_segment_create(0, 64, parity, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_size_t segment_size = 0;
  OK(gaspi_segment_size(0, (gaspi_rank_t)((rank + 2) % num), &segment_size));
  EXPECT(gaspi_segment_size(0, (gaspi_rank_t)((rank + 1) % num), &segment_size), GASPI_ERR_INV_SEG);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_group_delete(parity));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
