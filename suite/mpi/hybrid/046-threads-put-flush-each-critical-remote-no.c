/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0's two OpenMP threads each put a value into the same element of rank 1's window and each flushes its own put, inside one lock_all epoch, each put and its flush inside an omp critical construct. The critical construct orders one thread's put and flush before the other thread's put, so the puts do not race."
}
RACE LABELS END */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int provided, rank, size;
    int *winbuf;
    MPI_Win win;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2 || provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes and MPI_THREAD_MULTIPLE\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
    winbuf[0] = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        int values[2] = {1, 2};
        MPI_Win_lock_all(0, win);
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
#pragma omp critical
            {
                MPI_Put(&values[t], 1, MPI_INT, 1, 0, 1, MPI_INT, win);
                MPI_Win_flush(1, win);
            }
        }
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        printf("winbuf[0] is %s\n", winbuf[0] == 1 || winbuf[0] == 2 ? "1 or 2" : "neither");
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
