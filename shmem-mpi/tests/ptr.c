/* shmem_ptr: on one node every PE's heap is load/store accessible; globals only locally. */
/* NPROCS: 3 */
#include "check.h"

static int global_value;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  int right = (me + 1) % npes;
  int *x = shmem_malloc(sizeof *x);
  *x = me;
  shmem_barrier_all();
  int *p = shmem_ptr(x, right);
  CHECK(p != NULL, "shmem_ptr to a PE on the node");
  CHECK(*p == right, "load through shmem_ptr: %d", *p);
  CHECK(shmem_ptr(x, me) == x, "shmem_ptr to myself");
  CHECK(shmem_ptr(&global_value, me) == &global_value, "global, myself");
  int local = 0;
  CHECK(shmem_ptr(&local, right) == NULL, "not symmetric");
  CHECK(shmem_ptr(x, npes) == NULL, "bad PE");
  shmem_barrier_all();
  *p = 100 + me; /* store into the right neighbour's heap */
  shmem_barrier_all();
  CHECK(*x == 100 + (me + npes - 1) % npes, "store through shmem_ptr");
  CHECK(shmem_pe_accessible(right) && !shmem_pe_accessible(npes) && !shmem_pe_accessible(-1),
        "pe_accessible");
  shmem_barrier_all();
  shmem_free(x);
  shmem_finalize();
  return 0;
}
