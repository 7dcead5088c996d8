/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Rank 0 applies gaspi_atomic_compare_swap to word[0] of rank 1 while rank 2 reads word[1] with gaspi_read: the 8-byte words do not overlap."
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
    if (rank == 0) {
        gaspi_atomic_compare_swap(0, 0, 1, 0, 42, &val_old, GASPI_BLOCK);
    }
    if (rank == 2) {
        gaspi_read(0, 512, 1, 0, 8, sizeof(gaspi_atomic_value_t), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
        printf("read %s\n", word[64] == 0 || word[64] == 42 ? "0 or 42 (either order)" : "neither");
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
