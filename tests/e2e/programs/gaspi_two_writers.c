/* Ranks 0 and 2 write the same bytes of rank 1's segment in the same phase: a remote race that
 * interception alone finds (the program needs no instrumentation). */
#include <GASPI.h>
#include <stddef.h>

int main(void) {
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_rank_t me;
  gaspi_proc_rank(&me);
  gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  if (me != 1) {
    gaspi_write(0, 8, 1, 0, 0, 8, 0, GASPI_BLOCK);
    gaspi_notify(0, 1, me, 1, 0, GASPI_BLOCK);
    gaspi_wait(0, GASPI_BLOCK);
  } else {
    gaspi_notification_id_t first;
    for (int i = 0; i < 2; ++i) {
      gaspi_notify_waitsome(0, 0, 3, &first, GASPI_BLOCK);
      gaspi_notify_reset(0, first, NULL);
    }
  }
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}
