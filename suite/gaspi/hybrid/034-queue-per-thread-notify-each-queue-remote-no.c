/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "In a worksharing loop of rank 0, each of two threads writes its element (seg[0] or seg[1]) of rank 1 on its own queue (queue i for iteration i), notifies id i on that queue and waits for it. Each notification covers the write of its queue; rank 1 observes both notifications before loading both elements."
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
    seg[128] = 1;
    seg[129] = 2;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
#pragma omp parallel num_threads(2)
        {
#pragma omp for schedule(static)
            for (int i = 0; i < 2; i++) {
                gaspi_queue_id_t t = i;
                gaspi_write(0, 512 + t * sizeof(int), 1, 0, t * sizeof(int), sizeof(int), t, GASPI_BLOCK);
                gaspi_notify(0, 1, t, 1, t, GASPI_BLOCK);
                gaspi_wait(t, GASPI_BLOCK);
            }
        }
    }
    if (rank == 1) {
        for (int k = 0; k < 2; k++) {
            gaspi_notification_id_t id;
            gaspi_notification_t old;
            gaspi_notify_waitsome(0, 0, 2, &id, GASPI_BLOCK);
            gaspi_notify_reset(0, id, &old);
        }
        int v0 = seg[0];
        int v1 = seg[1];
        printf("data = %d, %d\n", v0, v1);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
