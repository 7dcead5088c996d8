/* OpenSHMEM, race-free: non-blocking puts and gets completed by quiet, ordered by fence before a
 * flag, a lock's quiet, and a barrier. The output must not depend on the schedule. */
#include <shmem.h>
#include <stdio.h>

#define N 16

static int data[N], flag = 0, lockval[N];
static long lock = 0;

int main(void) {
  shmem_init();
  int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
  int src[N], back[N], got[N];
  for (int i = 0; i < N; ++i) src[i] = me * 100 + i, data[i] = 0, lockval[i] = 0;
  shmem_barrier_all();
  shmem_int_put_nbi(data, src, N, right);
  shmem_fence(); /* the data before the flag */
  shmem_int_atomic_set(&flag, 1, right);
  shmem_quiet();
  shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
  long sum = 0;
  for (int i = 0; i < N; ++i) sum += data[i];
  shmem_barrier_all();
  shmem_int_get_nbi(back, data, N, right);
  shmem_quiet();
  long backsum = 0;
  for (int i = 0; i < N; ++i) backsum += back[i];
  shmem_set_lock(&lock);
  shmem_int_get(got, lockval, N, 0);
  for (int i = 0; i < N; ++i) got[i] += me + 1;
  shmem_int_put_nbi(lockval, got, N, 0);
  shmem_clear_lock(&lock); /* a quiet first */
  shmem_barrier_all();
  if (me == 0) {
    long locksum = 0;
    for (int i = 0; i < N; ++i) locksum += lockval[i];
    printf("lock total %ld\n", locksum);
  }
  printf("pe %d: %ld %ld\n", me, sum, backsum);
  shmem_finalize();
  return 0;
}
