/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["gaspi_read@47", "LOAD@53"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 thread 0 creates two tasks without dependences while thread 1 waits outside any task scheduling point, so thread 0 runs both, one after the other, at its taskwait. The first reads seg[0] of rank 1 into seg[128] and waits for the queue; the second loads seg[128]. Tasks without dependences are not ordered with each other, whichever thread runs them: the load is not ordered after the wait and races with the read's write of its destination."
}
RACE LABELS END */
#include <GASPI.h>
#include <omp.h>
#include <stdatomic.h>
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
    seg[0] = 5;
    atomic_int finished = 0;
    int seen = 0;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 1) {
                /* No task scheduling point here: thread 1 runs none of the tasks. */
                while (!atomic_load_explicit(&finished, memory_order_relaxed)) {
                }
            } else {
#pragma omp task
                {
                    // CONFLICT
                    gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
                    gaspi_wait(0, GASPI_BLOCK);
                }
#pragma omp task
                {
                    // CONFLICT
                    seen = seg[128];
                }
#pragma omp taskwait
                atomic_store_explicit(&finished, 1, memory_order_relaxed);
            }
        }
        printf("seen %d\n", seen);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
