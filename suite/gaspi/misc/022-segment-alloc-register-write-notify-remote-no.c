/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Segment 0 comes from gaspi_segment_alloc, gaspi_segment_register with every other rank and an explicit barrier. Rank 0 writes seg[0] of rank 2 and notifies it on the same queue; rank 2 loads seg[0] after the notification."
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
    gaspi_segment_alloc(0, 1024, GASPI_MEM_INITIALIZED);
    for (gaspi_rank_t r = 0; r < nprocs; r++) {
        if (r != rank)
            gaspi_segment_register(0, r, GASPI_BLOCK);
    }
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK); /* registration does not inform the other ranks */
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..127]: data accessed remotely, seg[128..]: local buffers */
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    seg[128] = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_write(0, 512, 2, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_notify(0, 2, 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 2) {
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("data = %d\n", seg[0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
