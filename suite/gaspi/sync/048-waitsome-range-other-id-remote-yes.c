/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write_notify@46", "LOAD@51"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 waits on notification ids [0, 2) and gets id 1 (the gaspi_write_notify to seg[1]; id 0 is only posted after the barrier), then loads seg[0], which the gaspi_write_notify with id 0 writes: that notification was not observed."
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
    if (nprocs != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        return 1;
    }
    gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..127]: data accessed remotely, seg[128..]: local buffers */
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    seg[128] = 1337;
    seg[129] = 42;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_write_notify(0, 516, 1, 0, 4, sizeof(int), 1, 1, 0, GASPI_BLOCK);
    }
    if (rank == 1) {
        gaspi_notify_waitsome(0, 0, 2, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("first id %u, seg[1] = %d\n", (unsigned)id, seg[1]);
    }
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write_notify(0, 512, 1, 0, 0, sizeof(int), 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        // CONFLICT
        printf("seg[0] = %d\n", seg[0]);
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
