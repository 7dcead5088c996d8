/* A non-symmetric address gives a clear error naming the routine. */
/* NPROCS: 2 */
/* EXIT_CODE: 1 */
/* EXPECT_STDERR: shmem-mpi: shmem_long_atomic_add: address */
#include "check.h"

int main(void) {
  shmem_init();
  long local = 0;
  shmem_long_atomic_add(&local, 1, 0);
  shmem_finalize();
  return 0;
}
