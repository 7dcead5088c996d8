/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "local buffer read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Rank 0 writes the same source buffer to rank 1 and to rank 2 with two pending gaspi_write calls: two buffer reads are compatible."
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
    if (nprocs != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
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
        gaspi_write(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_write(0, 512, 2, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
