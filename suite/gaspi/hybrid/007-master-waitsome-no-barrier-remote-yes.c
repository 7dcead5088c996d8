/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write_notify@34", "LOAD@49"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 writes seg[0] of rank 1 with gaspi_write_notify. In a parallel region of rank 1 the master thread waits for the notification and resets it, then both threads load seg[0]. The master construct has no implicit barrier, so the other thread's load is not ordered after the observation of the notification: a remote race with the write."
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
    seg[128] = 42;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write_notify(0, 512, 1, 0, 0, sizeof(int), 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        int sum = 0;
#pragma omp parallel num_threads(2)
        {
#pragma omp master
            {
                gaspi_notification_id_t id;
                gaspi_notification_t old;
                gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
                gaspi_notify_reset(0, id, &old);
            }
            // CONFLICT
            int v = seg[0];
#pragma omp atomic
            sum += v;
        }
        printf("sum %s\n", sum == 42 || sum == 84 ? "42 or 84" : "other");
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
