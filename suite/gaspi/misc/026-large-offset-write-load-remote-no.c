/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 writes 8 bytes at offset 3 MiB + 64 of rank 1's 4 MiB segment while rank 1 loads the ints at offset 64 (same low bits) and at 3 MiB + 72 (right after the written range)."
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
    const gaspi_size_t size = 4 << 20;      /* 4 MiB */
    const gaspi_offset_t far = 3 << 20;     /* data at 3 MiB */
    const gaspi_offset_t src = far + 4096;  /* local buffer */
    gaspi_segment_create(0, size, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    char *base = (char *)ptr;
    *(int *)(base + src) = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_write(0, src, 1, 0, far + 64, 8, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        printf("data = %d %d\n", *(int *)(base + 64), *(int *)(base + far + 72));
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
