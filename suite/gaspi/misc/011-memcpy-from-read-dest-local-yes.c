/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["gaspi_read@37", "LOAD@39"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 copies the destination of a pending gaspi_read out with memcpy before gaspi_wait."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>
#include <string.h>

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
    int copy[2];
    seg[0] = 10 + rank;
    seg[1] = 20 + rank;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_read(0, 512, 1, 0, 0, 2 * sizeof(int), 0, GASPI_BLOCK);
        // CONFLICT
        memcpy(copy, &seg[128], sizeof(copy));
        gaspi_wait(0, GASPI_BLOCK);
        printf("copy = %d %d\n", copy[0], copy[1]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
