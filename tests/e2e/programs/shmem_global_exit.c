/* A race, then shmem_global_exit: the report is not lost and the exit status is the program's. */
#include <shmem.h>

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int *x = shmem_malloc(sizeof(int));
  shmem_barrier_all();
  if (me == 0) shmem_int_p(x, 1, 1);
  if (me == 1) *x = 2;
  shmem_barrier_all();
  if (me == 0) shmem_global_exit(3);
  shmem_barrier_all();
  shmem_finalize();
  return 0;
}
