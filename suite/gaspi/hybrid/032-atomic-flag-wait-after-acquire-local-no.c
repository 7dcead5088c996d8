/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "In a parallel region of rank 0, thread 0 writes seg[128] to seg[0] of rank 1 and publishes a flag with a release store; the last thread spins on the flag with acquire loads, then calls gaspi_wait on the queue and refills seg[128]. The release/acquire pair orders the posting before the gaspi_wait, which completes the write locally although another thread posted it."
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
    seg[128] = 42;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        atomic_int posted = 0;
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num(), n = omp_get_num_threads();
            if (t == 0) {
                gaspi_write(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
                atomic_store_explicit(&posted, 1, memory_order_release);
            }
            if (t == n - 1) {
                while (!atomic_load_explicit(&posted, memory_order_acquire))
                    ;
                gaspi_wait(0, GASPI_BLOCK);
                seg[128] = 43;
            }
        }
        gaspi_wait(0, GASPI_BLOCK);
        printf("source refilled with %d\n", seg[128]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
