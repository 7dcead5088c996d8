/* GPI-2's thread helpers (GASPI_Threads.h) on POSIX threads: a pool whose thread 0 is the thread
 * that initialised it, workers that run the function handed to gaspi_threads_run, ids for
 * threads the program starts itself (gaspi_threads_register) and a barrier of all of them. These
 * functions have no pgaspi_ versions in GPI-2. */
#define _GNU_SOURCE
#include "internal.h"

#include <sched.h>
#include <stdlib.h>

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_changed = PTHREAD_COND_INITIALIZER;
static pthread_t *workers;
static int worker_count;
static int total; /* threads with an id: pool threads and registered ones */
static int next_id;
static _Thread_local int my_id = -1;

/* The job of gaspi_threads_run: generation counts jobs, busy counts workers still running. */
static void *(*job_function)(void *);
static void *job_argument;
static unsigned long job_generation;
static unsigned long start_generation; /* job_generation when the pool started */
static int busy;
static int stopping;

/* The barrier of gaspi_threads_sync. */
static int arrived;
static unsigned long barrier_generation;

static void *worker_main(void *id) {
  my_id = (int)(intptr_t)id;
  pthread_mutex_lock(&pool_lock);
  /* Not job_generation: a job may have been handed out before this thread got here. */
  unsigned long seen = start_generation;
  for (;;) {
    while (!stopping && job_generation == seen) pthread_cond_wait(&pool_changed, &pool_lock);
    if (stopping) break;
    seen = job_generation;
    void *(*function)(void *) = job_function;
    void *argument = job_argument;
    pthread_mutex_unlock(&pool_lock);
    function(argument);
    pthread_mutex_lock(&pool_lock);
    if (--busy == 0) pthread_cond_broadcast(&pool_changed);
  }
  pthread_mutex_unlock(&pool_lock);
  return NULL;
}

static int available_cores(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  int cores = CPU_COUNT(&set);
  return cores > 0 ? cores : 1;
}

static gaspi_return_t start_pool(int threads) {
  if (threads < 1) return GASPI_ERR_INV_NUM;
  pthread_mutex_lock(&pool_lock);
  if (workers || total > 0) {
    pthread_mutex_unlock(&pool_lock);
    return GASPI_ERR_INITED;
  }
  workers = calloc((size_t)threads, sizeof *workers);
  if (!workers) {
    pthread_mutex_unlock(&pool_lock);
    return GASPI_ERR_MEMALLOC;
  }
  stopping = 0;
  start_generation = job_generation;
  my_id = 0;
  next_id = threads;
  total = threads;
  worker_count = 0;
  for (int id = 1; id < threads; ++id)
    if (pthread_create(&workers[worker_count], NULL, worker_main, (void *)(intptr_t)id) == 0)
      ++worker_count;
  gaspi_return_t result = worker_count == threads - 1 ? GASPI_SUCCESS : GASPI_ERROR;
  pthread_mutex_unlock(&pool_lock);
  return result;
}

gaspi_return_t gaspi_threads_init(gaspi_int *const num) {
  if (!num) return GASPI_ERR_NULLPTR;
  int cores = available_cores();
  GASPII_TRY(start_pool(cores));
  *num = cores;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_init_user(const unsigned int use_nr_of_threads) {
  return start_pool((int)use_nr_of_threads);
}

gaspi_return_t gaspi_threads_term(void) {
  pthread_mutex_lock(&pool_lock);
  stopping = 1;
  pthread_cond_broadcast(&pool_changed);
  pthread_mutex_unlock(&pool_lock);
  for (int w = 0; w < worker_count; ++w) pthread_join(workers[w], NULL);
  pthread_mutex_lock(&pool_lock);
  free(workers);
  workers = NULL;
  worker_count = 0;
  total = 0;
  next_id = 0;
  arrived = 0;
  my_id = -1;
  pthread_mutex_unlock(&pool_lock);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_run(void *(*function)(void *), void *arg) {
  if (!function) return GASPI_ERR_NULLPTR;
  pthread_mutex_lock(&pool_lock);
  job_function = function;
  job_argument = arg;
  busy = worker_count;
  ++job_generation;
  pthread_cond_broadcast(&pool_changed);
  pthread_mutex_unlock(&pool_lock);
  function(arg);
  pthread_mutex_lock(&pool_lock);
  while (busy > 0) pthread_cond_wait(&pool_changed, &pool_lock);
  pthread_mutex_unlock(&pool_lock);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_register(gaspi_int *tid) {
  if (!tid) return GASPI_ERR_NULLPTR;
  pthread_mutex_lock(&pool_lock);
  if (my_id < 0) {
    my_id = next_id++;
    ++total;
  }
  *tid = my_id;
  pthread_mutex_unlock(&pool_lock);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_get_tid(gaspi_int *const tid) {
  if (!tid) return GASPI_ERR_NULLPTR;
  if (my_id < 0) return GASPI_ERROR;
  *tid = my_id;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_get_total(gaspi_int *const num) {
  if (!num) return GASPI_ERR_NULLPTR;
  pthread_mutex_lock(&pool_lock);
  *num = total;
  pthread_mutex_unlock(&pool_lock);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_get_num_cores(gaspi_int *const cores) {
  if (!cores) return GASPI_ERR_NULLPTR;
  *cores = available_cores();
  return GASPI_SUCCESS;
}

/* gaspi_threads_sync without the public name. */
static void thread_barrier(void) {
  pthread_mutex_lock(&pool_lock);
  unsigned long generation = barrier_generation;
  if (++arrived >= total) {
    arrived = 0;
    ++barrier_generation;
    pthread_cond_broadcast(&pool_changed);
  } else {
    while (generation == barrier_generation) pthread_cond_wait(&pool_changed, &pool_lock);
  }
  pthread_mutex_unlock(&pool_lock);
}

void gaspi_threads_sync(void) {
  thread_barrier();
}

/* Thread 0 runs the process barrier between two thread barriers; all threads return its result. */
gaspi_return_t gaspi_threads_sync_all(const gaspi_group_t g, const gaspi_timeout_t timeout_ms) {
  static gaspi_return_t shared_result;
  thread_barrier();
  if (my_id == 0) shared_result = pgaspi_barrier(g, timeout_ms);
  thread_barrier();
  return shared_result;
}
