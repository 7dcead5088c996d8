/* GPI-2's thread helpers (gaspi-mpi: GASPI over MPI-3 RMA). A pool of POSIX threads with ids
 * 0 (the thread that called gaspi_threads_init) to total - 1. All but gaspi_threads_register and
 * gaspi_threads_sync are deprecated in GPI-2 and marked so here. */
#ifndef GASPI_THREADS_H
#define GASPI_THREADS_H

#include "GASPI.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GASPI_MPI_DEPRECATED __attribute__((deprecated))
#else
#define GASPI_MPI_DEPRECATED
#endif

/* Id of the calling thread (0 for the thread that initialised the pool). */
gaspi_return_t gaspi_threads_get_tid(gaspi_int *const tid) GASPI_MPI_DEPRECATED;
/* Number of threads of the pool, including the initialising thread. */
gaspi_return_t gaspi_threads_get_total(gaspi_int *const num) GASPI_MPI_DEPRECATED;
/* Number of cores available to this process. */
gaspi_return_t gaspi_threads_get_num_cores(gaspi_int *const cores) GASPI_MPI_DEPRECATED;
/* Starts one thread per available core (minus the caller); *num = pool size. */
gaspi_return_t gaspi_threads_init(gaspi_int *const num) GASPI_MPI_DEPRECATED;
/* Starts use_nr_of_threads - 1 threads (the caller is thread 0). */
gaspi_return_t gaspi_threads_init_user(const unsigned int use_nr_of_threads) GASPI_MPI_DEPRECATED;
/* Stops and joins the pool's threads. */
gaspi_return_t gaspi_threads_term(void) GASPI_MPI_DEPRECATED;
/* Runs function(arg) on every pool thread and on the caller; returns when all are done. */
gaspi_return_t gaspi_threads_run(void *(*function)(void *), void *arg) GASPI_MPI_DEPRECATED;
/* Gives a thread not started by the pool the next free id. */
gaspi_return_t gaspi_threads_register(gaspi_int *tid);
/* Barrier of the pool's threads. */
void gaspi_threads_sync(void);
/* Barrier of the pool's threads and of the processes of group g. */
gaspi_return_t gaspi_threads_sync_all(const gaspi_group_t g,
                                      const gaspi_timeout_t timeout_ms) GASPI_MPI_DEPRECATED;

#ifdef __cplusplus
}
#endif

#endif /* GASPI_THREADS_H */
