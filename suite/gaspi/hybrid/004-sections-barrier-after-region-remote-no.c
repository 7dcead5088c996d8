/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs two sections that read seg[0] and seg[1] of rank 1 and wait for their reads, and calls gaspi_barrier after the parallel region, whose end orders both sections before it. Local completion of a read also completes it at the target, so rank 1's stores to seg[0] and seg[1] after the barrier are ordered after the reads."
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
    seg[1] = 7;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            {
                gaspi_read(0, 516, 1, 0, 4, sizeof(int), 0, GASPI_BLOCK);
                gaspi_wait(0, GASPI_BLOCK);
            }
#pragma omp section
            {
                gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
                gaspi_wait(0, GASPI_BLOCK);
            }
        }
        gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
        printf("read %d, %d\n", seg[128], seg[129]);
    }
    if (rank == 1) {
        gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
        seg[0] = 6;
        seg[1] = 8;
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
