/* put_nbi/get_nbi completed by shmem_quiet, plain and generic, on several types. */
/* NPROCS: 3 */
#include "check.h"

enum { N = 1000 };

static long target[N];

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  int right = (me + 1) % npes;
  int left = (me + npes - 1) % npes;
  long src[N];
  for (int i = 0; i < N; ++i) src[i] = me * 100000L + i;
  float *f = shmem_malloc(N * sizeof *f);
  float fsrc[N];
  for (int i = 0; i < N; ++i) fsrc[i] = (float)(me + i);

  for (int i = 0; i < N; i += 100) shmem_long_put_nbi(target + i, src + i, 100, right);
  shmem_put_nbi(f, fsrc, N, right);
  shmem_quiet();
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) CHECK(target[i] == left * 100000L + i, "target[%d]", i);
  CHECK(f[N - 1] == (float)(left + N - 1), "float nbi");

  long got[N];
  shmem_long_get_nbi(got, target, N, right);
  float fgot[N];
  shmem_get_nbi(fgot, f, N, left);
  shmem_getmem_nbi(got, target, 8, right);
  shmem_quiet();
  for (int i = 0; i < N; ++i) CHECK(got[i] == me * 100000L + i, "got[%d]", i);
  CHECK(fgot[3] == (float)((left + npes - 1) % npes + 3), "float get_nbi");
  shmem_barrier_all();
  shmem_free(f);
  shmem_finalize();
  return 0;
}
