/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "load"],
  "RACE_PAIR": ["gaspi_atomic_fetch_add@34", "LOAD@38"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 adds to word[0] of rank 1 with gaspi_atomic_fetch_add while rank 1 loads word[0] with a plain load: an atomic and a plain access conflict."
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
    gaspi_atomic_value_t *word = (gaspi_atomic_value_t *)ptr; /* word[0..63]: data, word[64..]: local buffers */
    gaspi_atomic_value_t val_old = 0;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_atomic_fetch_add(0, 0, 1, 1, &val_old, GASPI_BLOCK);
    }
    if (rank == 1) {
        // CONFLICT
        printf("counter = %lu\n", word[0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
