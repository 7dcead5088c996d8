/* Distributed lock under contention: every PE increments a plain counter on PE 0 under the lock
 * (get, add, put): the total is exact only if the lock excludes. Also shmem_test_lock. */
/* NPROCS: 4 */
#include "check.h"

enum { ROUNDS = 30 };

static long lock;
static long counter;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  for (int r = 0; r < ROUNDS; ++r) {
    shmem_set_lock(&lock);
    long value = shmem_long_g(&counter, 0);
    shmem_long_p(&counter, value + 1, 0);
    shmem_clear_lock(&lock);
  }
  shmem_barrier_all();
  if (me == 0) CHECK(counter == (long)ROUNDS * npes, "counter %ld", counter);
  shmem_barrier_all();
  long *hlock = shmem_calloc(1, sizeof *hlock);
  if (me == 0) {
    CHECK(shmem_test_lock(hlock) == 0, "test_lock on a free lock");
    shmem_int_p((int *)&counter, 1, 1); /* tell PE 1 we hold it */
  }
  shmem_barrier_all();
  if (me == 1) CHECK(shmem_test_lock(hlock) != 0, "test_lock on a held lock");
  shmem_barrier_all();
  if (me == 0) shmem_clear_lock(hlock);
  shmem_barrier_all();
  if (me == 1) {
    while (shmem_test_lock(hlock)) {
    }
    shmem_clear_lock(hlock);
  }
  shmem_barrier_all();
  shmem_free(hlock);
  shmem_finalize();
  return 0;
}
