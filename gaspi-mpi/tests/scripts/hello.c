/* A GPI-2 program as written for GPI-2 v1.5.1: built by gaspicc, run by gaspirun. Every rank
 * writes its rank into the next rank's segment with a notification; exit 0 = the value arrived. */
#include <GASPI.h>
#include <GASPI_Ext.h>
#include <stdio.h>

#define SUCCESS_OR_EXIT(call)                                                                      \
  do {                                                                                             \
    if ((call) != GASPI_SUCCESS) {                                                                 \
      fprintf(stderr, "%s failed\n", #call);                                                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(void) {
  gaspi_rank_t rank, num;
  SUCCESS_OR_EXIT(gaspi_proc_init(GASPI_BLOCK));
  SUCCESS_OR_EXIT(gaspi_proc_rank(&rank));
  SUCCESS_OR_EXIT(gaspi_proc_num(&num));
  SUCCESS_OR_EXIT(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer;
  SUCCESS_OR_EXIT(gaspi_segment_ptr(0, &pointer));
  int *values = (int *)pointer;
  values[0] = rank;
  SUCCESS_OR_EXIT(gaspi_write_notify(0, 0, (gaspi_rank_t)((rank + 1) % num), 0, sizeof(int),
                                     sizeof(int), 0, 1, 0, GASPI_BLOCK));
  gaspi_notification_id_t id;
  SUCCESS_OR_EXIT(gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK));
  int expected = (rank + num - 1) % num;
  if (values[1] != expected) {
    fprintf(stderr, "rank %u got %d, expected %d\n", rank, values[1], expected);
    return 1;
  }
  gaspi_printf("hello from rank %u of %u\n", rank, num);
  SUCCESS_OR_EXIT(gaspi_wait(0, GASPI_BLOCK));
  SUCCESS_OR_EXIT(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  SUCCESS_OR_EXIT(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
