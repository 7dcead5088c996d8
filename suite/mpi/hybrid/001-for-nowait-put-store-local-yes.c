/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["MPI_Put@47", "STORE@53"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs two threads. In a worksharing loop with nowait (schedule(static): iteration i on thread i) each thread puts buf[i] and flushes; in the next loop each thread stores the element the other thread's put reads. Without the barrier at the end of the first loop, the other thread's flush does not happen before the store, so the store races with the put that reads that element."
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
    int buf[2] = {1, 2};

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            fprintf(stderr, "this test needs MPI_THREAD_MULTIPLE\n");
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
            int i;
#pragma omp for schedule(static) nowait
            for (i = 0; i < 2; i++) {
                // CONFLICT
                MPI_Put(&buf[i], 1, MPI_INT, 1, i, 1, MPI_INT, win);
                MPI_Win_flush(1, win);
            }
#pragma omp for schedule(static)
            for (i = 0; i < 2; i++) {
                // CONFLICT
                buf[1 - i] = 10 + i;
            }
        }
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
