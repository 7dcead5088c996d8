/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write@48", "LOAD@57"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 posts queue_size_max + 1 writes to distinct words of rank 1 on one queue; the last returns GASPI_QUEUE_FULL and is not posted. Rank 0 calls gaspi_wait and notifies rank 1 before posting that write again, so the notification does not cover it and rank 1's load of its word races with it."
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
    gaspi_number_t qmax = 0;
    gaspi_queue_size_max(&qmax);
    gaspi_segment_create(0, (qmax + 1) * sizeof(int) + 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..qmax]: data written remotely, seg[qmax + 1 ..]: local buffers */
    const gaspi_offset_t src = (qmax + 1) * sizeof(int);
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    int full = -1;
    seg[qmax + 1] = 42;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        for (gaspi_number_t i = 0; i <= qmax; i++) {
            if (gaspi_write(0, src, 1, 0, i * sizeof(int), sizeof(int), 0, GASPI_BLOCK) == GASPI_QUEUE_FULL) {
                full = (int)i;
                gaspi_wait(0, GASPI_BLOCK);
            }
        }
        gaspi_notify(0, 1, 0, 1, 0, GASPI_BLOCK);
        if (full >= 0) {
            // CONFLICT
            gaspi_write(0, src, 1, 0, full * sizeof(int), sizeof(int), 0, GASPI_BLOCK);
        }
        gaspi_wait(0, GASPI_BLOCK);
        printf("queue full at write %d of %u\n", full, qmax + 1);
    }
    if (rank == 1) {
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        // CONFLICT
        printf("data = %d\n", seg[qmax]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
