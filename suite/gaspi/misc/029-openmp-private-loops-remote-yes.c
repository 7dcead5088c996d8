/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write@42", "LOAD@54"],
  "NPROCS": 2,
  "DESCRIPTION": "Both ranks run OpenMP parallel loops (when built with OpenMP): rank 0 fills its source buffer before the barrier, rank 1 works on private data. Outside the parallel regions rank 1 loads seg[0] while rank 0's gaspi_write of it is not covered by any notification."
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
    int priv[64];
    long sum = 0;
    if (rank == 0) {
#ifdef _OPENMP
#pragma omp parallel for
#endif
        for (int i = 0; i < 64; i++)
            seg[128 + i] = i;
    }
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write(0, 512, 1, 0, 0, 64 * sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
#ifdef _OPENMP
#pragma omp parallel for reduction(+ : sum)
#endif
        for (int i = 0; i < 64; i++) {
            priv[i] = i * i;
            sum += priv[i];
        }
        // CONFLICT
        printf("sum = %ld, data = %d\n", sum, seg[0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
