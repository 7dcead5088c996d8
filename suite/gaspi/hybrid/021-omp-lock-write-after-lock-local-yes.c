/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["gaspi_write@46", "STORE@51"],
  "NPROCS": 2,
  "DESCRIPTION": "Each of two threads of rank 0 counts itself under an OpenMP lock and then writes its source element (seg[128] or seg[129]) to rank 1; the thread that arrived last calls gaspi_wait on the queue and refills both source elements. The write of the thread that arrived first is posted after it released the lock, so the last thread's gaspi_wait is not ordered after it and does not complete it: the refill of that element races with the write's read of its source."
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
        omp_lock_t lock;
        omp_init_lock(&lock);
        int arrived = 0;
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
            omp_set_lock(&lock);
            arrived++;
            int last = arrived == omp_get_num_threads();
            omp_unset_lock(&lock);
            // CONFLICT
            gaspi_write(0, 512 + t * sizeof(int), 1, 0, t * sizeof(int), sizeof(int), 0, GASPI_BLOCK);
            if (last) {
                gaspi_wait(0, GASPI_BLOCK);
                for (int k = 0; k < 2; k++) {
                    // CONFLICT
                    seg[128 + k] = 10 + k;
                }
            }
        }
        gaspi_wait(0, GASPI_BLOCK);
        omp_destroy_lock(&lock);
        printf("source refilled with %d, %d\n", seg[128], seg[129]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
