/* OpenSHMEM 1.4 API: two PEs put to the same object of a third in one barrier epoch (a race that
 * interception alone finds, without instrumented loads and stores). */
#include <shmem.h>

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int *x = (int *)shmem_malloc(sizeof(int));
  shmem_barrier_all();
  int v = me;
  if (me != 1) shmem_int_put(x, &v, 1, 1);
  shmem_barrier_all();
  shmem_free(x);
  shmem_finalize();
  return 0;
}
