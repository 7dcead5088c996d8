/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write@37", "LOAD@42"],
  "NPROCS": 2,
  "DESCRIPTION": "Three segments; rank 0 writes offset 0 of segment 2 of rank 1 (from segment 0) while rank 1 loads offset 0 of segment 2."
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
    int *seg[3]; /* three segments of 1 KiB each */
    for (gaspi_segment_id_t s = 0; s < 3; s++) {
        gaspi_pointer_t ptr;
        gaspi_segment_create(s, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
        gaspi_segment_ptr(s, &ptr);
        seg[s] = (int *)ptr;
    }
    seg[0][128] = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write(0, 512, 1, 2, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        // CONFLICT
        printf("data = %d\n", seg[2][0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    for (gaspi_segment_id_t s = 0; s < 3; s++)
        gaspi_segment_delete(s);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
