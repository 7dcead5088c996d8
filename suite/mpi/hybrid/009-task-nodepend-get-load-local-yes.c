/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@48", "LOAD@61"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 a task gets winbuf[0] of rank 1 into buf and completes it with MPI_Win_flush; a second, undeferred task (if(0), run by the creating thread) loads buf after it has seen, through an atomic flag set after the get (so that its load comes after the get in time), that the first task issued it. The tasks have no dependences, so the load is not ordered after the flush and races with the get's write of buf."
}
RACE LABELS END */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {5, 0, 0, 0};
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
#pragma omp task
            {
                // CONFLICT
                MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
#pragma omp atomic write
                started = 1;
                MPI_Win_flush(1, win);
            }
#pragma omp task if (0)
            {
                int seen = 0;
                while (!seen) {
#pragma omp atomic read
                    seen = started;
                }
                // CONFLICT
                printf("buf = %d\n", buf);
            }
        }
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
