/* A race-free OpenSHMEM 1.5 program using many routine families; prints deterministic results. */
#include <shmem.h>
#include <stdio.h>

#define N 8

static long counter;
static long lock;
static int total;

int main(void) {
  shmem_init();
  int me = shmem_my_pe(), npes = shmem_n_pes();
  int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
  int *block = shmem_malloc(N * sizeof(int));
  int *recv = shmem_calloc((size_t)(N * npes), sizeof(int));
  uint64_t *sig = shmem_calloc(1, sizeof(uint64_t));
  for (int i = 0; i < N; ++i) block[i] = me * 100 + i;
  shmem_barrier_all();

  /* Non-blocking put, completed by quiet and ordered by the barrier. */
  shmem_int_put_nbi(recv + me * N, block, N, next);
  shmem_quiet();
  shmem_barrier_all();
  printf("PE %d nbi %d\n", me, recv[prev * N + 1]);

  /* Atomic counter. */
  shmem_long_atomic_fetch_add(&counter, me + 1, 0);
  shmem_barrier_all();
  if (me == 0) printf("counter %ld\n", counter);

  /* Read-modify-write of a global under a distributed lock. */
  shmem_set_lock(&lock);
  int t = shmem_int_g(&total, 0);
  shmem_int_p(&total, t + me, 0);
  shmem_clear_lock(&lock);
  shmem_barrier_all();
  if (me == 0) printf("total %d\n", total);

  /* Put-with-signal around a ring. */
  shmem_int_put_signal(recv, block, N, sig, 1, SHMEM_SIGNAL_ADD, next);
  shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 1);
  printf("PE %d signal %d\n", me, recv[2]);
  shmem_barrier_all();

  /* A team reduction over the even PEs. */
  shmem_team_t even;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &even);
  int *src = shmem_malloc(sizeof(int)), *dst = shmem_malloc(sizeof(int));
  *src = me;
  if (even != SHMEM_TEAM_INVALID) {
    shmem_int_sum_reduce(even, dst, src, 1);
    printf("PE %d even sum %d\n", me, *dst);
    shmem_team_sync(even);
    shmem_team_destroy(even);
  }
  shmem_barrier_all();

  /* A context of its own, completed by its quiet. */
  shmem_ctx_t ctx;
  if (shmem_ctx_create(0, &ctx) == 0) {
    shmem_ctx_int_put(ctx, recv, block + 1, N - 1, next);
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
  }
  shmem_barrier_all();
  printf("PE %d ctx %d\n", me, recv[3]);

  /* fcollect over the world. */
  long *all = shmem_malloc((size_t)npes * sizeof(long));
  long *mine = shmem_malloc(sizeof(long));
  *mine = me * 10;
  shmem_long_fcollect(SHMEM_TEAM_WORLD, all, mine, 1);
  printf("PE %d fcollect %ld\n", me, all[npes - 1]);
  shmem_barrier_all();

  shmem_free(mine);
  shmem_free(all);
  shmem_free(dst);
  shmem_free(src);
  shmem_free(sig);
  shmem_free(recv);
  shmem_free(block);
  shmem_finalize();
  return 0;
}
