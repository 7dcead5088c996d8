/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["gaspi_read@43", "STORE@52"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs two sections: the first calls gaspi_barrier, the second reads seg[0] of rank 1 and waits for the read. Rank 1 stores to seg[0] after the barrier, relying on rank 0 having finished its read before it. The sections are not ordered with each other (and a thread running both runs the barrier first), so the read is not ordered before the barrier: a race with the store."
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
    seg[1] = 7;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            {
                gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
            }
#pragma omp section
            {
                // CONFLICT
                gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
                gaspi_wait(0, GASPI_BLOCK);
            }
        }
        printf("read %s\n", seg[128] == 5 || seg[128] == 6 ? "5 or 6" : "torn");
    }
    if (rank == 1) {
        gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
        // CONFLICT
        seg[0] = 6;
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
