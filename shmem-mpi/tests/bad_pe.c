/* An out-of-range PE gives a clear error naming the routine, not a crash. */
/* NPROCS: 2 */
/* EXIT_CODE: 1 */
/* EXPECT_STDERR: shmem-mpi: shmem_int_p: PE 5 out of range */
#include "check.h"

static int x;

int main(void) {
  shmem_init();
  shmem_int_p(&x, 1, 5);
  shmem_finalize();
  return 0;
}
