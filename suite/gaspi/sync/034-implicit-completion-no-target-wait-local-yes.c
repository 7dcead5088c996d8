/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["gaspi_write_notify@36", "STORE@40"],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 6.7 variant: rank 1 notifies rank 0 before waiting for rank 0's gaspi_write_notify, so the reply says nothing about the write; rank 0's store to buf after the reply races with the write's read of buf."
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
    seg[128] = 42;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write_notify(0, 512, 1, 0, 0, sizeof(int), 0, 1, 0, GASPI_BLOCK);
        gaspi_notify_waitsome(0, 1, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        // CONFLICT
        seg[128] = 1337;
    }
    if (rank == 1) {
        gaspi_notify(0, 0, 1, 1, 0, GASPI_BLOCK);
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
    }
    gaspi_wait(0, GASPI_BLOCK);

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
