/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["gaspi_read_notify@37", "LOAD@43"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 posts two gaspi_read_notify calls with notification ids 0 and 1 and waits only for id 1; the first read is not complete, so loading its destination races with it."
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
    seg[0] = 10 + rank;
    seg[1] = 20 + rank;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_read_notify(0, 512, 1, 0, 0, sizeof(int), 0, 0, GASPI_BLOCK);
        gaspi_read_notify(0, 516, 1, 0, 4, sizeof(int), 1, 0, GASPI_BLOCK);
        gaspi_notify_waitsome(0, 1, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("second = %d\n", seg[129]);
        // CONFLICT
        printf("first = %d\n", seg[128]);
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        gaspi_wait(0, GASPI_BLOCK);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
