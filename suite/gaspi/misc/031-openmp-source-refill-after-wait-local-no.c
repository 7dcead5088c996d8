/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 computes on private data in an OpenMP parallel loop (when built with OpenMP) while its gaspi_write is pending, and refills the source buffer in another parallel loop only after gaspi_wait."
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
    double priv[256];
    if (rank == 0) {
        for (int i = 0; i < 64; i++)
            seg[128 + i] = i;
        gaspi_write(0, 512, 1, 0, 0, 64 * sizeof(int), 0, GASPI_BLOCK);
#ifdef _OPENMP
#pragma omp parallel for
#endif
        for (int i = 0; i < 256; i++)
            priv[i] = i * 0.5;
        gaspi_wait(0, GASPI_BLOCK);
#ifdef _OPENMP
#pragma omp parallel for
#endif
        for (int i = 0; i < 64; i++)
            seg[128 + i] = (int)priv[i];
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
