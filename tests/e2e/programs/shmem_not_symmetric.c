/* A put whose destination is a stack variable, not a symmetric object: an error report naming
 * the call, not a crash of the tool. */
#include <shmem.h>

int main(void) {
  shmem_init();
  int local = 0, v = 1;
  if (shmem_my_pe() == 0) shmem_int_put(&local, &v, 1, 1);
  shmem_barrier_all();
  shmem_finalize();
  return local;
}
