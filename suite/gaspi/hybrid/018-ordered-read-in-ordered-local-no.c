/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs a two-iteration ordered loop (one iteration per thread): iteration 0 reads seg[0] of rank 1 into seg[128] and waits for it inside its ordered region, iteration 1 loads seg[128] in its ordered region, which is ordered after that of iteration 0."
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
#pragma omp parallel for ordered num_threads(2) schedule(static, 1)
        for (int i = 0; i < 2; i++) {
#pragma omp ordered
            {
                if (i == 0) {
                    gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
                    gaspi_wait(0, GASPI_BLOCK);
                }
                if (i == 1) {
                    int v = seg[128];
                    printf("read %d\n", v);
                }
            }
        }
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
