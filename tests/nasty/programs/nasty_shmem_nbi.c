/* OpenSHMEM: the source of a shmem_put_nbi overwritten before the shmem_quiet that completes it
 * (OpenSHMEM 1.5 9.5.4: the source may be reused only after completion). A library that sends
 * small puts at the call delivers 1; a put issued at the quiet delivers 2. rmarace reports the
 * local buffer race. */
#include <shmem.h>
#include <stdio.h>

static int dest = 0;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  if (me == 0) {
    int src = 1;
    shmem_int_put_nbi(&dest, &src, 1, 1);
    src = 2; /* not complete before shmem_quiet */
    shmem_quiet();
  }
  shmem_barrier_all();
  if (me == 1) printf("value %d\n", dest);
  shmem_finalize();
  return 0;
}
