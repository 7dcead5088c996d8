/* NPROCS: 4 */
/* Team reductions: every operator on a couple of types (bitwise, signed, floating, complex,
 * size_t and ptrdiff_t), in place, on a sub-team, the C11 generics. */
#include "check.h"

#include <complex.h>

#define NPES 4
#define N 3
#define HIGH_BITS 0xF0u
#define LOW_BITS 0xFu

static unsigned int usrc[N], udst[N];
static int64_t i64src[N], i64dst[N];
static size_t zsrc[N], zdst[N];
static int isrc[N], idst[N];
static double dsrc[N], ddst[N];
static long double ldsrc[N], lddst[N];
static char csrc[N], cdst[N];
static ptrdiff_t psrc[N], pdst[N];
static long lsrc[N], ldst[N], lbuf[N];
static float fsrc[N], fdst[N];
static double _Complex zdsrc[N], zddst[N];
static float _Complex zfsrc[N], zfdst[N];

static void check_bitwise(int me) {
  for (int i = 0; i < N; ++i) {
    usrc[i] = HIGH_BITS | 1u << me;
    i64src[i] = (int64_t)HIGH_BITS << 32 | (int64_t)1 << me;
    zsrc[i] = (size_t)1 << (me + i);
  }
  shmem_barrier_all();
  CHECK(shmem_uint_and_reduce(SHMEM_TEAM_WORLD, udst, usrc, N) == 0, "uint and");
  for (int i = 0; i < N; ++i) CHECK(udst[i] == HIGH_BITS, "uint and %#x", udst[i]);
  CHECK(shmem_or_reduce(SHMEM_TEAM_WORLD, udst, usrc, N) == 0, "uint or");
  for (int i = 0; i < N; ++i) CHECK(udst[i] == (HIGH_BITS | LOW_BITS), "uint or %#x", udst[i]);
  CHECK(shmem_xor_reduce(SHMEM_TEAM_WORLD, i64dst, i64src, N) == 0, "int64 xor");
  for (int i = 0; i < N; ++i) CHECK(i64dst[i] == LOW_BITS, "int64 xor %#llx", (long long)i64dst[i]);
  CHECK(shmem_int64_and_reduce(SHMEM_TEAM_WORLD, i64dst, i64src, N) == 0, "int64 and");
  for (int i = 0; i < N; ++i)
    CHECK(i64dst[i] == (int64_t)HIGH_BITS << 32, "int64 and %#llx", (long long)i64dst[i]);
  CHECK(shmem_size_or_reduce(SHMEM_TEAM_WORLD, zdst, zsrc, N) == 0, "size or");
  for (int i = 0; i < N; ++i) CHECK(zdst[i] == (size_t)LOW_BITS << i, "size or %zx", zdst[i]);
  shmem_barrier_all();
}

/* Values (me - 1) * (i + 1): the maximum comes from PE 3, the minimum from PE 0. */
static void check_minmax(int me) {
  for (int i = 0; i < N; ++i) {
    int v = (me - 1) * (i + 1);
    isrc[i] = v;
    dsrc[i] = v / 2.0;
    ldsrc[i] = v / 4.0L;
    csrc[i] = (char)(v + 'a');
    psrc[i] = (ptrdiff_t)v * 1000000;
  }
  shmem_barrier_all();
  CHECK(shmem_int_max_reduce(SHMEM_TEAM_WORLD, idst, isrc, N) == 0, "int max");
  CHECK(shmem_min_reduce(SHMEM_TEAM_WORLD, ddst, dsrc, N) == 0, "double min");
  CHECK(shmem_max_reduce(SHMEM_TEAM_WORLD, lddst, ldsrc, N) == 0, "long double max");
  CHECK(shmem_char_min_reduce(SHMEM_TEAM_WORLD, cdst, csrc, N) == 0, "char min");
  CHECK(shmem_ptrdiff_min_reduce(SHMEM_TEAM_WORLD, pdst, psrc, N) == 0, "ptrdiff min");
  for (int i = 0; i < N; ++i) {
    int high = 2 * (i + 1), low = -(i + 1);
    CHECK(idst[i] == high, "int max %d", idst[i]);
    CHECK(ddst[i] == low / 2.0, "double min %g", ddst[i]);
    CHECK(lddst[i] == high / 4.0L, "long double max %Lg", lddst[i]);
    CHECK(cdst[i] == low + 'a', "char min %d", cdst[i]);
    CHECK(pdst[i] == (ptrdiff_t)low * 1000000, "ptrdiff min %td", pdst[i]);
  }
  shmem_barrier_all();
}

static double _Complex complex_product(void) {
  double _Complex product = 1;
  for (int pe = 0; pe < NPES; ++pe) product *= (pe + 1) + 1.0 * I;
  return product;
}

/* Values me + 1 (+ i): sums 10 (+ 4i), products 24. */
static void check_arith(int me) {
  for (int i = 0; i < N; ++i) {
    lsrc[i] = lbuf[i] = me + i;
    fsrc[i] = (float)(me + 1);
    zdsrc[i] = (me + 1) + 1.0 * I;
    zfsrc[i] = (float)(me + 1) + (float)i * I;
  }
  shmem_barrier_all();
  CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, ldst, lsrc, N) == 0, "long sum");
  CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, lbuf, lbuf, N) == 0, "long sum in place");
  CHECK(shmem_prod_reduce(SHMEM_TEAM_WORLD, fdst, fsrc, N) == 0, "float prod");
  CHECK(shmem_complexd_prod_reduce(SHMEM_TEAM_WORLD, zddst, zdsrc, N) == 0, "complexd prod");
  CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, zfdst, zfsrc, N) == 0, "complexf sum");
  for (int i = 0; i < N; ++i) {
    CHECK(ldst[i] == 6 + NPES * i && lbuf[i] == ldst[i], "long sum %ld %ld", ldst[i], lbuf[i]);
    CHECK(fdst[i] == 24.0f, "float prod %g", (double)fdst[i]);
    CHECK(zddst[i] == complex_product(), "complexd prod %g%+gi", creal(zddst[i]), cimag(zddst[i]));
    CHECK(crealf(zfdst[i]) == 10.0f && cimagf(zfdst[i]) == (float)(NPES * i), "complexf sum");
  }
  shmem_barrier_all();
}

/* World PEs 0 and 2 (values 0 + i and 2 + i). */
static void check_team(int me) {
  shmem_team_t even;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, 2, NULL, 0, &even) == 0, "split");
  for (int i = 0; i < N; ++i) lsrc[i] = me + i;
  shmem_barrier_all();
  if (even != SHMEM_TEAM_INVALID) {
    CHECK(shmem_long_sum_reduce(even, ldst, lsrc, N) == 0, "sum on a team");
    for (int i = 0; i < N; ++i) CHECK(ldst[i] == 2 + 2 * i, "team sum %ld", ldst[i]);
    CHECK(shmem_long_prod_reduce(even, ldst, lsrc, N) == 0, "prod on a team");
    for (int i = 0; i < N; ++i) CHECK(ldst[i] == i * (2 + i), "team prod %ld", ldst[i]);
  }
  shmem_team_destroy(even);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  CHECK(shmem_n_pes() == NPES, "needs 4 PEs, has %d", shmem_n_pes());
  check_bitwise(me);
  check_minmax(me);
  check_arith(me);
  check_team(me);
  shmem_finalize();
  return 0;
}
