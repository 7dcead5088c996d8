/* NPROCS: 4 */
/* shmem_team_split_strided: members and their numbering, translate_pe, nested splits, a single
 * member, non-members getting SHMEM_TEAM_INVALID, and bad arguments failing on every PE. */
#include "check.h"

/* World PEs 1 and 3 as team PEs 0 and 1. */
static void check_odd_team(int me) {
  shmem_team_t odd;
  int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, 2, NULL, 0, &odd);
  CHECK(rc == 0, "split returned %d", rc);
  if (me % 2 == 0) {
    CHECK(odd == SHMEM_TEAM_INVALID, "non-member got a team");
    CHECK(shmem_team_my_pe(odd) == -1, "my_pe of INVALID is %d", shmem_team_my_pe(odd));
    CHECK(shmem_team_n_pes(odd) == -1, "n_pes of INVALID is %d", shmem_team_n_pes(odd));
    CHECK(shmem_team_translate_pe(odd, 0, SHMEM_TEAM_WORLD) == -1, "translate from INVALID");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, odd) == -1, "translate to INVALID");
    return;
  }
  CHECK(odd != SHMEM_TEAM_INVALID, "member got SHMEM_TEAM_INVALID");
  CHECK(shmem_team_my_pe(odd) == me / 2, "team PE %d", shmem_team_my_pe(odd));
  CHECK(shmem_team_n_pes(odd) == 2, "team size %d", shmem_team_n_pes(odd));
  for (int pe = 0; pe < 2; ++pe) {
    int world = shmem_team_translate_pe(odd, pe, SHMEM_TEAM_WORLD);
    CHECK(world == 2 * pe + 1, "team PE %d is world PE %d", pe, world);
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, world, odd) == pe, "back to team PE %d", pe);
  }
  CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 2, odd) == -1, "world PE 2 is not in the team");
  CHECK(shmem_team_translate_pe(odd, 2, SHMEM_TEAM_WORLD) == -1, "team PE 2 does not exist");
  CHECK(shmem_team_translate_pe(odd, -1, SHMEM_TEAM_WORLD) == -1, "team PE -1 does not exist");
  shmem_team_destroy(odd);
}

/* World PEs 0, 1, 2, then its PEs 1 and 2 (world 1 and 2); translate between the levels. */
static void check_nested(int me) {
  shmem_team_t first, inner;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 3, NULL, 0, &first) == 0, "outer split");
  CHECK((first != SHMEM_TEAM_INVALID) == (me < 3), "outer membership");
  if (first == SHMEM_TEAM_INVALID) return;
  CHECK(shmem_team_split_strided(first, 1, 1, 2, NULL, 0, &inner) == 0, "inner split");
  CHECK((inner != SHMEM_TEAM_INVALID) == (me >= 1), "inner membership");
  if (inner != SHMEM_TEAM_INVALID) {
    CHECK(shmem_team_my_pe(inner) == me - 1, "inner team PE %d", shmem_team_my_pe(inner));
    CHECK(shmem_team_translate_pe(inner, 1, first) == 2, "inner PE 1 in the outer team");
    CHECK(shmem_team_translate_pe(first, 0, inner) == -1, "outer PE 0 is not inner");
    CHECK(shmem_team_translate_pe(inner, 0, SHMEM_TEAM_WORLD) == 1, "inner PE 0 in the world");
    shmem_team_destroy(inner);
  }
  shmem_team_destroy(first);
}

/* A team of one PE (the stride does not matter). */
static void check_single(int me) {
  shmem_team_t single;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 3, 0, 1, NULL, 0, &single) == 0, "split");
  CHECK((single != SHMEM_TEAM_INVALID) == (me == 3), "single membership");
  if (single == SHMEM_TEAM_INVALID) return;
  CHECK(shmem_team_my_pe(single) == 0 && shmem_team_n_pes(single) == 1, "single numbering");
  shmem_team_destroy(single);
}

static void check_bad(int start, int stride, int size) {
  shmem_team_t team = SHMEM_TEAM_WORLD;
  int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, start, stride, size, NULL, 0, &team);
  CHECK(rc != 0, "split (%d, %d, %d) succeeded", start, stride, size);
  CHECK(team == SHMEM_TEAM_INVALID, "split (%d, %d, %d) made a team", start, stride, size);
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == 4, "needs 4 PEs, has %d", shmem_n_pes());
  CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me, "world team PE");
  CHECK(shmem_team_n_pes(SHMEM_TEAM_WORLD) == 4, "world team size");
  check_odd_team(me);
  check_nested(me);
  check_single(me);
  check_bad(4, 1, 1);
  check_bad(-1, 1, 2);
  check_bad(0, 1, 0);
  check_bad(0, 1, 5);
  check_bad(1, 2, 3);
  check_bad(3, -1, 2);
  shmem_team_t team = SHMEM_TEAM_WORLD;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &team) != 0,
        "split of SHMEM_TEAM_INVALID");
  CHECK(team == SHMEM_TEAM_INVALID, "split of SHMEM_TEAM_INVALID made a team");
  shmem_finalize();
  return 0;
}
