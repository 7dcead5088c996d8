/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "rma read"],
  "RACE_PAIR": ["gaspi_write@37", "gaspi_read@45"],
  "NPROCS": 3,
  "DESCRIPTION": "Rank 0 writes seg[0] of rank 1 but notifies rank 2 (same queue); rank 2 then reads seg[0] of rank 1. A notification covers only writes to the rank it is sent to, so the read races with the write although it happens after it."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>

int main(void)
{
    gaspi_rank_t rank, nprocs;

    gaspi_proc_init(GASPI_BLOCK);
    gaspi_proc_rank(&rank);
    gaspi_proc_num(&nprocs);
    if (nprocs != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        return 1;
    }
    gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..127]: data accessed remotely, seg[128..]: local buffers */
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    seg[0] = 10 + rank;
    seg[128] = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_notify(0, 2, 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 2) {
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        // CONFLICT
        gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
