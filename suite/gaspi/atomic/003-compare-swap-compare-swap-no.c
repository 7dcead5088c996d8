/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Ranks 0 and 2 both try to take a lock word[0] of rank 1 with gaspi_atomic_compare_swap at the same time: atomic with each other."
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
    gaspi_atomic_value_t *word = (gaspi_atomic_value_t *)ptr; /* word[0..63]: data, word[64..]: local buffers */
    gaspi_atomic_value_t val_old = 0;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0 || rank == 2) {
        gaspi_atomic_compare_swap(0, 0, 1, 0, (gaspi_atomic_value_t)rank + 1, &val_old, GASPI_BLOCK);
        printf("rank %s\n", val_old == 0 || val_old == 1 || val_old == 3 ? "tried the lock" : "saw a corrupted lock");
    }
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 1) {
        printf("lock owner = %s\n", word[0] == 1 || word[0] == 3 ? "rank 0 or rank 2" : "neither");
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
