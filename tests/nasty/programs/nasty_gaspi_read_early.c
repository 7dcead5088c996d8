/* The destination of gaspi_read read after a barrier but before the gaspi_wait that completes it
 * (a barrier completes no request in GASPI). A GASPI library that reads by then shows 42; a read
 * issued at the wait leaves the stale 0. rmarace reports the local buffer race. */
#include "nasty_gaspi.h"

#include <stdio.h>

int main(void) {
  gaspi_rank_t rank, nprocs;
  long *mem = open_segment(2, &rank, &nprocs);
  mem[0] = 42;
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  if (rank == 0) gaspi_read(SEG, AT(1), 1, SEG, AT(0), sizeof(long), 0, GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  if (rank == 0) {
    printf("value %ld\n", mem[1]); /* not complete before gaspi_wait */
    gaspi_wait(0, GASPI_BLOCK);
  }
  return close_segment();
}
