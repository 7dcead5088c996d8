/* The source of gaspi_write overwritten before the gaspi_wait that completes it locally. A GASPI
 * library that sends a small write at the call delivers 1; a write issued at the wait delivers 2.
 * rmarace reports the local buffer race. */
#include "nasty_gaspi.h"

#include <stdio.h>

int main(void) {
  gaspi_rank_t rank, nprocs;
  long *mem = open_segment(2, &rank, &nprocs);
  if (rank == 0) {
    mem[1] = 1;
    gaspi_write(SEG, AT(1), 1, SEG, AT(0), sizeof(long), 0, GASPI_BLOCK);
    mem[1] = 2; /* the write may not have read its source yet */
    gaspi_notify(SEG, 1, 0, 1, 0, GASPI_BLOCK);
    gaspi_wait(0, GASPI_BLOCK);
  }
  if (rank == 1) {
    wait_for(0);
    printf("value %ld\n", mem[0]);
  }
  return close_segment();
}
