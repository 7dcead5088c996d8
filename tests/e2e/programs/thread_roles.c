/* Reports name what the racing thread runs. Two local-buffer races on rank 0, each between an
 * MPI_Get made by one thread and a load by another that nothing orders after the get's flush (the
 * reader waits on a relaxed flag, which orders nothing, so that its load comes after the get in
 * time):
 *   - the get in an OpenMP task (line 28), the load by another thread of the team (line 35);
 *   - the get in a thread made by pthread_create (line 43), the load by main (line 60). */
#include <mpi.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

static MPI_Win win;
static int task_buffer, thread_buffer;
static int task_done, thread_done;

static void wait_for(int *flag) {
  while (!__atomic_load_n(flag, __ATOMIC_RELAXED)) {
  }
}

static void openmp_part(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task
      {
        MPI_Win_lock_all(0, win);
        MPI_Get(&task_buffer, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock_all(win);
        __atomic_store_n(&task_done, 1, __ATOMIC_RELAXED);
      }
#pragma omp taskwait
    } else {
      wait_for(&task_done);
      printf("task buffer %d\n", task_buffer);
    }
  }
}

static void *getter(void *unused) {
  (void)unused;
  MPI_Win_lock_all(0, win);
  MPI_Get(&thread_buffer, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_unlock_all(win);
  __atomic_store_n(&thread_done, 1, __ATOMIC_RELAXED);
  return NULL;
}

int main(int argc, char **argv) {
  int provided = 0, rank = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int cell = 7;
  MPI_Win_create(&cell, sizeof cell, sizeof cell, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  if (rank == 0) {
    openmp_part();
    pthread_t thread;
    pthread_create(&thread, NULL, getter, NULL);
    wait_for(&thread_done);
    printf("thread buffer %d\n", thread_buffer);
    pthread_join(thread, NULL);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
