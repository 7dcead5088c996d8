/* Memory management: malloc/calloc/align/realloc/free/malloc_with_hints are symmetric (same
 * offsets everywhere), zeroed by calloc, aligned, preserved by realloc, and freed space is
 * reused. */
/* NPROCS: 2 */
#include "check.h"

#include <string.h>

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int other = 1 - me;
  CHECK(shmem_malloc(0) == NULL, "malloc(0)");
  char *a = shmem_malloc(100);
  int *b = shmem_calloc(50, sizeof *b);
  double *c = shmem_align(4096, 3 * sizeof *c);
  long *d = shmem_malloc_with_hints(64, SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE);
  CHECK(a && b && c && d, "allocations");
  CHECK(((uintptr_t)c & 4095) == 0, "shmem_align");
  for (int i = 0; i < 50; ++i) CHECK(b[i] == 0, "calloc zeroed");
  CHECK(shmem_addr_accessible(a, other) && shmem_addr_accessible(d, other), "accessible");
  /* symmetric: the same offsets on every PE */
  static ptrdiff_t mine[4];
  ptrdiff_t peer[4];
  mine[0] = 0, mine[1] = (char *)b - a, mine[2] = (char *)c - a, mine[3] = (char *)d - a;
  shmem_getmem(peer, mine, sizeof peer, other);
  CHECK(memcmp(peer, mine, sizeof mine) == 0, "same offsets on every PE");
  shmem_long_atomic_add(d, 1, other);
  memset(a, me + 1, 100);
  shmem_barrier_all();
  CHECK(*d == 1, "AMO on hinted memory");
  shmem_free(b);
  int *e = shmem_malloc(50 * sizeof *e);
  CHECK((void *)e == (void *)b, "freed block reused: %p vs %p", (void *)e, (void *)b);
  a = shmem_realloc(a, 100000);
  for (int i = 0; i < 100; ++i) CHECK(a[i] == me + 1, "realloc keeps contents");
  a = shmem_realloc(a, 10);
  CHECK(a[9] == me + 1, "realloc shrink");
  shmem_free(NULL);
  shmem_free(e);
  shmem_free(d);
  shmem_free(c);
  shmem_free(a);
  /* a large allocation after freeing everything */
  char *big = shmem_malloc(64 << 20);
  big[(64 << 20) - 1] = 1;
  shmem_free(big);
  char *old = shmalloc(16);
  CHECK(old != NULL, "shmalloc");
  shfree(old);
  shmem_finalize();
  return 0;
}
