/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write@35", "LOAD@40"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 calls gaspi_notify_reset once before rank 0 notifies (the notification is posted after the barrier); it returns old value 0, which observes nothing, and rank 1 loads seg[0] regardless."
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
    gaspi_notification_t old = 0;
    seg[128] = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
    }
    if (rank == 1) {
        gaspi_notify_reset(0, 0, &old);
        // CONFLICT
        printf("old = %u, data = %d\n", old, seg[0]);
    }
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_notify(0, 1, 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        do {
            gaspi_notify_reset(0, 0, &old);
        } while (old == 0);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
