/* OpenSHMEM 1.5 example: PE 0 sends a block to PE 1 with put-with-signal and, separately, sets a
 * global counter with shmem_int_p. PE 1 waits for the signal, so reading the block is ordered
 * (the signal's arrival implies the block's); reading the counter is not: a data race. */
#include <shmem.h>
#include <stdio.h>

#define BLOCK 4

static int counter;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  uint64_t *ready = shmem_calloc(1, sizeof(uint64_t));
  int *block = shmem_malloc(BLOCK * sizeof(int));
  shmem_barrier_all();
  if (me == 0) {
    int values[BLOCK] = {1, 2, 3, 4};
    shmem_int_put_signal(block, values, BLOCK, ready, 1, SHMEM_SIGNAL_SET, 1);
    shmem_int_p(&counter, 42, 1);
  }
  if (me == 1) {
    shmem_signal_wait_until(ready, SHMEM_CMP_EQ, 1);
    printf("block[3] = %d\n", block[3]);
    printf("counter = %d\n", counter);
  }
  shmem_barrier_all();
  shmem_free(block);
  shmem_free(ready);
  shmem_finalize();
  return 0;
}
