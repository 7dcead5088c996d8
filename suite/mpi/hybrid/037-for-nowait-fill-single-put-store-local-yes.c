/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["store", "local buffer read"],
  "RACE_PAIR": ["STORE@47", "MPI_Put@52"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 runs two threads. A worksharing loop with nowait fills buf (schedule(static): element i on thread i); then one thread (single) puts all of buf to rank 1 and flushes. Without the loop's barrier, the other thread's store of its element is not ordered before the put, which reads it: the store happens before the put call, in private memory that becomes an RMA buffer only at the call."
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
    int buf[2] = {0, 0};

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
            int i;
#pragma omp for schedule(static) nowait
            for (i = 0; i < 2; i++) {
                // CONFLICT
                buf[i] = 10 + i;
            }
#pragma omp single
            {
                // CONFLICT
                MPI_Put(buf, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
                MPI_Win_flush(1, win);
            }
        }
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
