/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@48", "LOAD@51"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0, a loop with an ordered region runs iteration 0 on thread 0 and iteration 1 on thread 1 (schedule(static)). Iteration 0 gets winbuf[0] of rank 1 into buf in its ordered region and completes the get with MPI_Win_flush after it; iteration 1 loads buf in its ordered region. The ordered regions order the load after the get's issue but not after the flush, so the load races with the get's write of buf."
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

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_FUNNELED) {
        if (rank == 0)
            fprintf(stderr, "this test needs MPI_THREAD_FUNNELED\n");
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
        int i;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
#pragma omp parallel for ordered schedule(static) num_threads(2)
        for (i = 0; i < 2; i++) {
#pragma omp ordered
            {
                if (i == 0) {
                    // CONFLICT
                    MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
                } else {
                    // CONFLICT
                    printf("buf = %d\n", buf);
                }
            }
            if (i == 0)
                MPI_Win_flush(1, win);
        }
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
