/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["gaspi_read@39", "LOAD@43"],
  "NPROCS": 2,
  "DESCRIPTION": "In a parallel region of rank 0, a single nowait construct reads seg[0] of rank 1 into seg[128] and waits for the read; then both threads load seg[128]. Without the barrier at the end of the single construct the other thread's load is not ordered after the gaspi_wait: a local buffer race with the read's write of its destination."
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
    seg[0] = 5;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        int sum = 0;
#pragma omp parallel num_threads(2)
        {
#pragma omp single nowait
            {
                // CONFLICT
                gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
                gaspi_wait(0, GASPI_BLOCK);
            }
            // CONFLICT
            int v = seg[128];
#pragma omp atomic
            sum += v;
        }
        printf("sum %s\n", sum == 5 || sum == 10 ? "5 or 10" : "other");
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
