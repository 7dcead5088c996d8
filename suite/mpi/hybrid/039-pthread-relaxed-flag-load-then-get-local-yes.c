/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["load", "local buffer write"],
  "RACE_PAIR": ["LOAD@23", "MPI_Get@59"],
  "NPROCS": 2,
  "DESCRIPTION": "On rank 0 a thread reads buf and then sets a flag with a relaxed atomic store; the initial thread waits for the flag with relaxed atomic loads and gets winbuf[0] of rank 1 into buf. Relaxed atomics do not synchronise, so the thread's earlier load of buf is not ordered before the get, which writes buf."
}
RACE LABELS END */
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static int buf = 1;
static int seen_value;
static atomic_int done;

static void *reader(void *arg)
{
    (void)arg;
    // CONFLICT
    seen_value = buf;
    atomic_store_explicit(&done, 1, memory_order_relaxed);
    return NULL;
}

int main(int argc, char **argv)
{
    int rank, size, provided;
    int winbuf[4] = {5, 0, 0, 0};
    MPI_Win win;
    pthread_t thread;

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
        pthread_create(&thread, NULL, reader, NULL);
        while (!atomic_load_explicit(&done, memory_order_relaxed)) {
        }
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        // CONFLICT
        MPI_Get(&buf, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        pthread_join(thread, NULL);
        printf("seen %d, got %d\n", seen_value, buf);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
