/* Contexts: create, ctx RMA/AMO, ctx_quiet, ctx_get_team, destroy, invalid-ctx no-ops. */
/* NPROCS: 2 */
#include "check.h"

static long data[16];
static long counter;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int other = 1 - me;
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0 && ctx != SHMEM_CTX_INVALID, "ctx_create");
  shmem_ctx_t ctx2;
  CHECK(shmem_ctx_create(0, &ctx2) == 0, "ctx_create 2");
  long src[16];
  for (int i = 0; i < 16; ++i) src[i] = me * 100 + i;
  shmem_ctx_long_put_nbi(ctx, data, src, 16, other);
  shmem_ctx_long_atomic_add(ctx2, &counter, 1, 0);
  shmem_ctx_quiet(ctx);
  shmem_ctx_quiet(ctx2);
  shmem_barrier_all();
  CHECK(data[15] == other * 100 + 15, "ctx put_nbi + ctx_quiet");
  if (me == 0) CHECK(counter == 2, "ctx atomic add: %ld", counter);
  CHECK(shmem_ctx_long_g(ctx, &data[3], other) == me * 100 + 3, "ctx g");
  CHECK(shmem_ctx_long_atomic_fetch(ctx2, &counter, 0) == 2, "ctx fetch");

  shmem_team_t team = SHMEM_TEAM_INVALID;
  CHECK(shmem_ctx_get_team(ctx, &team) == 0 && team == SHMEM_TEAM_WORLD, "ctx_get_team");
  CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &team) == 0 && team == SHMEM_TEAM_WORLD,
        "default ctx team");
  CHECK(shmem_ctx_get_team(SHMEM_CTX_INVALID, &team) != 0 && team == SHMEM_TEAM_INVALID,
        "invalid ctx team");
  shmem_ctx_t tctx;
  CHECK(shmem_team_create_ctx(SHMEM_TEAM_WORLD, 0, &tctx) == 0, "team_create_ctx");
  shmem_ctx_long_p(tctx, &data[0], -1, other);
  shmem_ctx_quiet(tctx);
  shmem_ctx_t bad;
  CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &bad) != 0 && bad == SHMEM_CTX_INVALID,
        "team_create_ctx on SHMEM_TEAM_INVALID");

  /* invalid context: quiet, fence and destroy do nothing */
  shmem_ctx_quiet(SHMEM_CTX_INVALID);
  shmem_ctx_fence(SHMEM_CTX_INVALID);
  shmem_ctx_destroy(SHMEM_CTX_INVALID);
  shmem_ctx_destroy(tctx);
  shmem_ctx_destroy(ctx2);
  shmem_ctx_destroy(ctx);
  shmem_barrier_all();
  CHECK(data[0] == -1, "team ctx p");
  shmem_finalize();
  return 0;
}
