/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["gaspi_write@41", "LOAD@47"],
  "NPROCS": 2,
  "DESCRIPTION": "GPI-2 MPI mode: the program calls MPI_Init before gaspi_proc_init (GASPI ranks are MPI world ranks) and MPI_Finalize at the end. Rank 0 writes seg[0] of rank 1, calls gaspi_wait and a gaspi_barrier; rank 1 loads seg[0] afterwards without a notification."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    gaspi_rank_t rank, nprocs;

    MPI_Init(&argc, &argv);
    gaspi_proc_init(GASPI_BLOCK);
    gaspi_proc_rank(&rank);
    gaspi_proc_num(&nprocs);
    if (nprocs != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        MPI_Finalize();
        return 1;
    }
    gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..127]: data accessed remotely, seg[128..]: local buffers */
    int mpi_rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    if (mpi_rank != rank)
        fprintf(stderr, "MPI rank %d != GASPI rank %d\n", mpi_rank, rank);
    seg[128] = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 1) {
        // CONFLICT
        printf("data = %d\n", seg[0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    MPI_Finalize();
    return 0;
}
