/* Blocking put/get of several types and sizes, p/g, strided iput/iget and the C11 generics. */
/* NPROCS: 2 */
#include "check.h"

#include <string.h>

enum { N = 64 };

static int int_dst[N];
static double double_dst[N];

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  int right = (me + 1) % npes;
  int left = (me + npes - 1) % npes;

  int isrc[N];
  double dsrc[N];
  for (int i = 0; i < N; ++i) {
    isrc[i] = me * 1000 + i;
    dsrc[i] = me + i * 0.5;
  }
  long double *ld = shmem_malloc(N * sizeof *ld);
  unsigned char *bytes = shmem_malloc(N * 16);
  uint64_t *u64 = shmem_calloc(N, sizeof *u64);
  long double ldsrc[N];
  unsigned char bsrc[N * 16];
  for (int i = 0; i < N; ++i) ldsrc[i] = (long double)me + i / 4.0L;
  for (int i = 0; i < N * 16; ++i) bsrc[i] = (unsigned char)(me * 7 + i);

  shmem_int_put(int_dst, isrc, N, right);
  shmem_double_put(double_dst, dsrc, N, right);
  shmem_longdouble_put(ld, ldsrc, N, right);
  shmem_putmem(bytes, bsrc, N * 16, right);
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) {
    CHECK(int_dst[i] == left * 1000 + i, "int_dst[%d] = %d", i, int_dst[i]);
    CHECK(double_dst[i] == left + i * 0.5, "double_dst[%d] = %g", i, double_dst[i]);
    CHECK(ld[i] == (long double)left + i / 4.0L, "ld[%d]", i);
  }
  for (int i = 0; i < N * 16; ++i) CHECK(bytes[i] == (unsigned char)(left * 7 + i), "bytes[%d]", i);

  /* get back what the right neighbour holds (its left neighbour's data = mine). */
  int iget[N];
  shmem_int_get(iget, int_dst, N, right);
  for (int i = 0; i < N; ++i) CHECK(iget[i] == me * 1000 + i, "get[%d] = %d", i, iget[i]);

  /* sized forms */
  uint64_t v64[4] = {1, 2, 3, 4};
  shmem_put64(u64, v64, 4, right);
  uint32_t v32[2] = {0xdeadbeef, 0xcafef00d};
  shmem_put32(u64 + 4, v32, 2, right);
  shmem_put128(u64 + 6, v64, 2, right);
  shmem_put8(u64 + 10, "abcdefgh", 8, right);
  shmem_put16(u64 + 11, v32, 4, right);
  shmem_barrier_all();
  CHECK(u64[0] == 1 && u64[3] == 4, "put64");
  uint32_t g32[2];
  shmem_get32(g32, u64 + 4, 2, me);
  CHECK(g32[0] == 0xdeadbeef && g32[1] == 0xcafef00d, "put32/get32");
  CHECK(u64[6] == 1 && u64[9] == 4, "put128");
  CHECK(memcmp(u64 + 10, "abcdefgh", 8) == 0, "put8");
  CHECK(memcmp(u64 + 11, v32, 8) == 0, "put16");
  uint64_t g128[4];
  shmem_get128(g128, u64 + 6, 2, right);
  CHECK(g128[0] == 1 && g128[3] == 4, "get128");

  /* p/g */
  shmem_barrier_all();
  shmem_int_p(&int_dst[0], -me, right);
  shmem_double_p(&double_dst[0], 2.5 * me, right);
  shmem_barrier_all();
  CHECK(int_dst[0] == -left, "int_p");
  CHECK(shmem_int_g(&int_dst[0], right) == -me, "int_g");
  CHECK(shmem_double_g(&double_dst[0], left) == 2.5 * ((left + npes - 1) % npes), "double_g");

  /* strided: every 3rd element of the source into every 2nd element of the target. */
  shmem_barrier_all();
  memset(int_dst, 0, sizeof int_dst);
  shmem_barrier_all();
  shmem_int_iput(int_dst, isrc, 2, 3, N / 3, right);
  shmem_barrier_all();
  for (int i = 0; i < N / 3; ++i) {
    CHECK(int_dst[2 * i] == left * 1000 + 3 * i, "iput[%d] = %d", 2 * i, int_dst[2 * i]);
    CHECK(int_dst[2 * i + 1] == 0, "iput hole %d", 2 * i + 1);
  }
  int strided[N] = {0};
  shmem_int_iget(strided, int_dst, 3, 2, N / 3, right);
  for (int i = 0; i < N / 3; ++i) CHECK(strided[3 * i] == me * 1000 + 3 * i, "iget[%d]", 3 * i);
  uint64_t s64[8];
  shmem_iget64(s64, u64, 1, 2, 4, me);
  CHECK(s64[0] == 1 && s64[1] == 3 && s64[3] == 1, "iget64");

  /* C11 generics, plain and on a context. */
  shmem_barrier_all();
  shmem_put(double_dst, dsrc, N, right);
  shmem_p(&int_dst[1], 4242, right);
  shmem_put(SHMEM_CTX_DEFAULT, int_dst + 2, isrc + 2, 4, right);
  shmem_barrier_all();
  CHECK(double_dst[N - 1] == left + (N - 1) * 0.5, "generic put");
  CHECK(int_dst[1] == 4242, "generic p");
  CHECK(int_dst[5] == left * 1000 + 5, "generic ctx put");
  int g = shmem_g(&int_dst[1], right);
  CHECK(g == 4242, "generic g");
  CHECK(shmem_g(SHMEM_CTX_DEFAULT, &int_dst[5], right) == me * 1000 + 5, "generic ctx g");
  double back[N];
  shmem_get(back, double_dst, N, right);
  CHECK(back[3] == me + 1.5, "generic get");
  shmem_iget(SHMEM_CTX_DEFAULT, strided, int_dst + 2, 1, 1, 4, right);
  CHECK(strided[3] == me * 1000 + 5, "generic ctx iget");

  shmem_barrier_all();
  shmem_free(u64);
  shmem_free(bytes);
  shmem_free(ld);
  shmem_finalize();
  return 0;
}
