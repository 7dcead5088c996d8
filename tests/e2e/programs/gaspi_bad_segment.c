/* gaspi_write from a local segment that this rank never created: an error report. */
#include <GASPI.h>

int main(void) {
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_rank_t me;
  gaspi_proc_rank(&me);
  gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  if (me == 0) gaspi_write(7, 0, 1, 0, 0, 8, 0, GASPI_BLOCK);
  gaspi_wait(0, GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}
