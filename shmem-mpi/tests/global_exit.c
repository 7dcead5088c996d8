/* shmem_global_exit ends every PE with the given status. */
/* NPROCS: 2 */
/* EXIT_CODE: 7 */
#include "check.h"

#include <unistd.h>

int main(void) {
  shmem_init();
  shmem_barrier_all();
  if (shmem_my_pe() == 1) shmem_global_exit(7);
  for (;;) sleep(1); /* PE 0 waits to be ended */
}
