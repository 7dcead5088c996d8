/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["gaspi_read@36", "STORE@42"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 stores to seg[0] only after its gaspi_passive_receive returned, while rank 0 reads seg[0] of rank 1 after its gaspi_passive_send: both happen after the message and are unordered."
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
    gaspi_rank_t sender;
    seg[200] = 1;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_passive_send(0, 800, 1, sizeof(int), GASPI_BLOCK);
        // CONFLICT
        gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        gaspi_passive_receive(0, 800, &sender, sizeof(int), GASPI_BLOCK);
        // CONFLICT
        seg[0] = 7;
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
