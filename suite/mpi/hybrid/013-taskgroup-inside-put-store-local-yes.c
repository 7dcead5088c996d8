/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["MPI_Put@53", "STORE@64"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 a task inside a taskgroup creates a nested task that puts buf to rank 1 and completes the put with MPI_Win_flush. The thread that created the outer task waits, through an atomic flag set after the put (so that its store comes after the put in time), and stores to buf still inside the taskgroup: the store is not ordered after the flush and races with the put's read of buf."
}
RACE LABELS END */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {0, 0, 0, 0};
    MPI_Win win;
    int buf = 1;
    int started = 0;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED) {
        if (rank == 0)
            fprintf(stderr, "this test needs MPI_THREAD_SERIALIZED\n");
        MPI_Finalize();
        return 1;
    }
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Win_create(winbuf, sizeof(winbuf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD); /* window memory is initialised everywhere */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
#pragma omp parallel num_threads(2)
#pragma omp single
        {
            int seen = 0;
#pragma omp taskgroup
            {
#pragma omp task
                {
#pragma omp task
                    {
                        // CONFLICT
                        MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
#pragma omp atomic write
                        started = 1;
                        MPI_Win_flush(1, win);
                    }
                }
                while (!seen) {
#pragma omp atomic read
                    seen = started;
                }
                // CONFLICT
                buf = 2;
            }
        }
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
