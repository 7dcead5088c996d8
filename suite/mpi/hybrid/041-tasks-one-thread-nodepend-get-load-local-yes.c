/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@54", "LOAD@60"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 thread 0 creates two tasks without dependences while thread 1 waits outside any task scheduling point, so thread 0 runs both, one after the other, at its taskwait. The first gets winbuf[0] of rank 1 into buf and flushes; the second loads buf. Tasks without dependences are not ordered with each other, whichever thread runs them: the load is not ordered after the flush and races with the get's write of buf."
}
RACE LABELS END */
#include <mpi.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {5, 0, 0, 0};
    MPI_Win win;
    int buf = 1;
    int seen = 0;
    atomic_int finished = 0;

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
        {
            if (omp_get_thread_num() == 1) {
                /* No task scheduling point here: thread 1 runs none of the tasks. */
                while (!atomic_load_explicit(&finished, memory_order_relaxed)) {
                }
            } else {
#pragma omp task
                {
                    // CONFLICT
                    MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
                    MPI_Win_flush(1, win);
                }
#pragma omp task
                {
                    // CONFLICT
                    seen = buf;
                }
#pragma omp taskwait
                atomic_store_explicit(&finished, 1, memory_order_relaxed);
            }
        }
        MPI_Win_unlock(1, win);
        printf("seen %d\n", seen);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
