/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@23", "LOAD@62"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 a pthread gets winbuf[0] of rank 1 into buf, then publishes a relaxed atomic flag after a release fence, and only then completes the get with MPI_Win_flush. The main thread waits for the flag, issues an acquire fence and loads buf: the fences order the flag's publication (C11 fence-atomic synchronisation), but the flush comes after it, so the load races with the get's write of buf."
}
RACE LABELS END */
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static MPI_Win win;
static int buf = 1;
static atomic_int issued;

static void *getter(void *arg)
{
    (void)arg;
    // CONFLICT
    MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&issued, 1, memory_order_relaxed);
    MPI_Win_flush(1, win);
    return NULL;
}

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {5, 0, 0, 0};
    pthread_t thread;

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
        if (pthread_create(&thread, NULL, getter, NULL) != 0)
            MPI_Abort(MPI_COMM_WORLD, 1);
        while (!atomic_load_explicit(&issued, memory_order_relaxed))
            ;
        atomic_thread_fence(memory_order_acquire);
        // CONFLICT
        printf("buf = %d\n", buf);
        pthread_join(thread, NULL);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
