/* What the GASPI programs share: GASPI started, segment 1 of `longs` longs created (zeroed) on
 * every rank, waiting for and resetting one notification, and the end. */
#ifndef NASTY_GASPI_H
#define NASTY_GASPI_H

#include <GASPI.h>

#define SEG 1
#define AT(index) ((gaspi_offset_t)(index) * sizeof(long)) /* byte offset of long `index` */

static long *open_segment(long longs, gaspi_rank_t *rank, gaspi_rank_t *nprocs) {
  gaspi_pointer_t base;
  gaspi_proc_init(GASPI_BLOCK);
  gaspi_proc_rank(rank);
  gaspi_proc_num(nprocs);
  gaspi_segment_create(SEG, (gaspi_size_t)longs * sizeof(long), GASPI_GROUP_ALL, GASPI_BLOCK,
                       GASPI_MEM_INITIALIZED);
  gaspi_segment_ptr(SEG, &base);
  return (long *)base;
}

static void wait_for(gaspi_notification_id_t id) {
  gaspi_notification_id_t first;
  gaspi_notification_t value;
  gaspi_notify_waitsome(SEG, id, 1, &first, GASPI_BLOCK);
  gaspi_notify_reset(SEG, first, &value);
}

static int close_segment(void) {
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_segment_delete(SEG);
  gaspi_proc_term(GASPI_BLOCK);
  return 0;
}

#endif
