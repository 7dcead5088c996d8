/* OpenSHMEM 1.5: PE 0 sends a block with put-with-signal and sets a global with shmem_int_p.
 * PE 1 waits for the signal, so reading the block is ordered; the global is not. */
#include <shmem.h>
#include <stdio.h>

static int flag_value;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  uint64_t *sig = shmem_calloc(1, sizeof(uint64_t));
  int *data = shmem_malloc(sizeof(int));
  shmem_barrier_all();
  if (me == 0) {
    int v = 42;
    shmem_int_put_signal(data, &v, 1, sig, 1, SHMEM_SIGNAL_SET, 1);
    shmem_int_p(&flag_value, 5, 1);
  }
  if (me == 1) {
    shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 1);
    printf("data %d\n", *data);
    printf("flag %d\n", flag_value);
  }
  shmem_barrier_all();
  shmem_free(data);
  shmem_free(sig);
  shmem_finalize();
  return 0;
}
