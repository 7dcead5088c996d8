/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 writes only the mass field of parts[0] of rank 1 while rank 1 loads the id and flags fields of parts[0]: the fields do not overlap."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>
#include <stddef.h>

struct particle {
    int id;
    int flags;
    double mass;
};

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
    struct particle *parts = (struct particle *)ptr; /* parts[0..31]: data, parts[32..]: local buffers */
    const gaspi_offset_t mass = offsetof(struct particle, mass);
    parts[0].id = rank;
    parts[32].mass = 2.5;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_write(0, 32 * sizeof(struct particle) + mass, 1, 0, mass, sizeof(double), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        printf("id = %d, flags = %d\n", parts[0].id, parts[0].flags);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
