/* OpenSHMEM 1.4 API (Open MPI's OSHMEM): a put and the target's load of the same object in one
 * barrier epoch. */
#include <shmem.h>
#include <stdio.h>

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int *x = (int *)shmem_malloc(sizeof(int));
  *x = 0;
  shmem_barrier_all();
  if (me == 0) {
    int v = 42;
    shmem_int_put(x, &v, 1, 1);
  }
  if (me == 1) printf("x %d\n", *x);
  shmem_barrier_all();
  shmem_free(x);
  shmem_finalize();
  return 0;
}
