/* NPROCS: 3 */
/* shmem_team_split_2d with xrange 2 over 3 PEs (a ragged last row), and an xrange beyond the
 * number of PEs. */
#include "check.h"

#define XRANGE 2

/* PEs 0 1 / 2: rows {0, 1} and {2}, columns {0, 2} and {1}. */
static void check_grid(int me) {
  shmem_team_t row, column;
  int rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, XRANGE, NULL, 0, &row, NULL, 0, &column);
  CHECK(rc == 0, "split_2d returned %d", rc);
  CHECK(row != SHMEM_TEAM_INVALID && column != SHMEM_TEAM_INVALID, "every PE is in two teams");
  int x = me % XRANGE, y = me / XRANGE;
  int row_size = y == 0 ? 2 : 1, column_size = x == 0 ? 2 : 1;
  CHECK(shmem_team_my_pe(row) == x, "row PE %d", shmem_team_my_pe(row));
  CHECK(shmem_team_n_pes(row) == row_size, "row size %d", shmem_team_n_pes(row));
  CHECK(shmem_team_my_pe(column) == y, "column PE %d", shmem_team_my_pe(column));
  CHECK(shmem_team_n_pes(column) == column_size, "column size %d", shmem_team_n_pes(column));
  for (int pe = 0; pe < row_size; ++pe)
    CHECK(shmem_team_translate_pe(row, pe, SHMEM_TEAM_WORLD) == y * XRANGE + pe, "row PE %d", pe);
  for (int pe = 0; pe < column_size; ++pe)
    CHECK(shmem_team_translate_pe(column, pe, SHMEM_TEAM_WORLD) == pe * XRANGE + x, "column PE %d",
          pe);
  CHECK(shmem_team_sync(row) == 0 && shmem_team_sync(column) == 0, "team_sync");
  shmem_team_destroy(row);
  shmem_team_destroy(column);
}

/* xrange beyond the PEs is the number of PEs: one row of all, columns of one. */
static void check_wide(int me) {
  shmem_team_t row, column;
  shmem_team_config_t config = {.num_contexts = 1};
  int rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, 8, &config, SHMEM_TEAM_NUM_CONTEXTS, &row, NULL, 0,
                               &column);
  CHECK(rc == 0, "split_2d returned %d", rc);
  CHECK(shmem_team_n_pes(row) == 3 && shmem_team_my_pe(row) == me, "wide row");
  CHECK(shmem_team_n_pes(column) == 1 && shmem_team_my_pe(column) == 0, "wide column");
  shmem_team_config_t got = {.num_contexts = -1};
  CHECK(shmem_team_get_config(row, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0, "get_config");
  CHECK(got.num_contexts == 1, "row num_contexts %d", got.num_contexts);
  shmem_team_destroy(row);
  shmem_team_destroy(column);
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == 3, "needs 3 PEs, has %d", shmem_n_pes());
  check_grid(me);
  check_wide(me);
  shmem_team_t row = SHMEM_TEAM_WORLD, column = SHMEM_TEAM_WORLD;
  CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &row, NULL, 0, &column) != 0,
        "xrange 0 accepted");
  CHECK(row == SHMEM_TEAM_INVALID && column == SHMEM_TEAM_INVALID, "xrange 0 made teams");
  shmem_finalize();
  return 0;
}
