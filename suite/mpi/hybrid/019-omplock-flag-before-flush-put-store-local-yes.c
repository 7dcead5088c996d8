/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["MPI_Put@48", "STORE@61"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0, thread 0 puts buf to rank 1, sets a flag under an OpenMP lock (omp_set_lock/omp_unset_lock) and then completes the put with MPI_Win_flush; thread 1 reads the flag under the lock until it is set and stores to buf. The lock orders the store after the put's issue but not after the flush, so the store races with the put's read of buf."
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
    int done = 0;
    omp_lock_t lock;

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
        omp_init_lock(&lock);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
                // CONFLICT
                MPI_Put(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
                omp_set_lock(&lock);
                done = 1;
                omp_unset_lock(&lock);
                MPI_Win_flush(1, win);
            } else {
                int seen = 0;
                while (!seen) {
                    omp_set_lock(&lock);
                    seen = done;
                    omp_unset_lock(&lock);
                }
                // CONFLICT
                buf = 2;
            }
        }
        MPI_Win_unlock(1, win);
        omp_destroy_lock(&lock);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
