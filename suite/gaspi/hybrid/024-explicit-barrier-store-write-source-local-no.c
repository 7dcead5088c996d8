/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["store", "local buffer read"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "In a parallel region of rank 0, thread 0 fills seg[128] and, after an explicit barrier, the last thread writes seg[128] to seg[0] of rank 1 with gaspi_write_notify. The barrier orders the store before the posting of the write; rank 1 loads seg[0] after observing the notification."
}
RACE LABELS END */
#include <GASPI.h>
#include <omp.h>
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
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num(), n = omp_get_num_threads();
            if (t == 0) {
                seg[128] = 42;
            }
#pragma omp barrier
            if (t == n - 1) {
                gaspi_write_notify(0, 512, 1, 0, 0, sizeof(int), 0, 1, 0, GASPI_BLOCK);
                gaspi_wait(0, GASPI_BLOCK);
            }
        }
    }
    if (rank == 1) {
        gaspi_notification_id_t id;
        gaspi_notification_t old;
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("data = %d\n", seg[0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
