/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write@46", "LOAD@58"],
  "NPROCS": 2,
  "DESCRIPTION": "Each of two threads of rank 0 counts itself in a critical section and then writes its element (seg[0] or seg[1]) of rank 1; the thread that arrived last posts the notification on queue 0. The write of the thread that arrived first is posted after its critical section, so it is not ordered before the notification, which does not cover it. Rank 1 loads both elements after observing the notification: a remote race with that write."
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
    seg[128] = 1;
    seg[129] = 2;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        int arrived = 0;
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
            int last;
#pragma omp critical
            {
                arrived++;
                last = arrived == omp_get_num_threads();
            }
            // CONFLICT
            gaspi_write(0, 512 + t * sizeof(int), 1, 0, t * sizeof(int), sizeof(int), 0, GASPI_BLOCK);
            if (last)
                gaspi_notify(0, 1, 0, 1, 0, GASPI_BLOCK);
        }
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        gaspi_notification_id_t id;
        gaspi_notification_t old;
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        // CONFLICT
        int v0 = seg[0], v1 = seg[1];
        printf("data %s\n", (v0 == 0 || v0 == 1) && (v1 == 0 || v1 == 2) ? "old or new" : "torn");
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
