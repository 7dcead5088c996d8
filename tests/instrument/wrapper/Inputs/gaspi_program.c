#include <GASPI.h>

int main(void) {
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  gaspi_pointer_t base;
  gaspi_segment_ptr(0, &base);
  ((int *)base)[0] = 1;
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}
