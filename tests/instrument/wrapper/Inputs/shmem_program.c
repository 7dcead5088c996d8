/* An OpenSHMEM program for the wrapper tests. */
#include <shmem.h>

int main(void) {
  shmem_init();
  int *x = shmem_malloc(sizeof(int));
  shmem_int_p(x, 1, (shmem_my_pe() + 1) % shmem_n_pes());
  shmem_barrier_all();
  shmem_free(x);
  shmem_finalize();
  return 0;
}
