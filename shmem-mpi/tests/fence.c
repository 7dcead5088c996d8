/* Fence ordering: puts of data then a flag to the same PE, separated by shmem_fence, arrive in
 * order; so does quiet. Many rounds to give reordering a chance. */
/* NPROCS: 2 */
#include "check.h"

enum { N = 8192, ROUNDS = 50 };

static int data[N];
static int flag;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int src[N];
  for (int r = 1; r <= ROUNDS; ++r) {
    if (me == 0) {
      for (int i = 0; i < N; ++i) src[i] = r;
      shmem_int_put_nbi(data, src, N, 1);
      if (r % 2)
        shmem_fence();
      else
        shmem_ctx_fence(SHMEM_CTX_DEFAULT);
      shmem_int_atomic_set(&flag, r, 1);
      shmem_int_wait_until(&flag, SHMEM_CMP_EQ, -r); /* receiver's acknowledgement */
    } else {
      shmem_int_wait_until(&flag, SHMEM_CMP_EQ, r);
      CHECK(data[0] == r && data[N - 1] == r, "round %d: data %d..%d", r, data[0], data[N - 1]);
      shmem_int_atomic_set(&flag, -r, 0);
    }
  }
  shmem_barrier_all();
  shmem_finalize();
  return 0;
}
