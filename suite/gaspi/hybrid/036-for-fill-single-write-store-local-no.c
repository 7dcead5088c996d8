/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["store", "local buffer read"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs two threads. A worksharing loop fills seg[128..129] (schedule(static): element i on thread i); then one thread (single) writes them to seg[0..1] of rank 1 with gaspi_write_notify and waits for the queue. The implicit barrier at the end of the loop orders both stores before the write."
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
#pragma omp for schedule(static)
            for (int i = 0; i < 2; i++) {
                seg[128 + i] = 10 + i;
            }
#pragma omp single
            {
                gaspi_write_notify(0, 512, 1, 0, 0, 2 * sizeof(int), 0, 1, 0, GASPI_BLOCK);
                gaspi_wait(0, GASPI_BLOCK);
            }
        }
    }
    if (rank == 1) {
        gaspi_notification_id_t id;
        gaspi_notification_t old;
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("data %d %d\n", seg[0], seg[1]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
