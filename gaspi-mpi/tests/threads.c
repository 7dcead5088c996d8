/* Threads: four POSIX threads per rank post writes and notifications concurrently (two queues,
 * each also waited on by its threads), the target collects every notification and checks the
 * data; then GPI-2's thread helpers (init_user, run, sync, get_tid/total, register, sync_all).
 * The posting threads live until gaspi_proc_term: with Open MPI 4.1's osc/ucx, every thread that
 * made RMA calls has its own UCX worker context, and MPI_Finalize warns about the rkeys of
 * threads that already exited ("object ... was not returned to mpool ucp_rkeys"). */
/* NPROCS: 3 */
#include "check.h"

#include <GASPI_Threads.h>
#include <pthread.h>
#include <stdint.h>

/* The helpers are deprecated in GPI-2; testing them is the point here. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

enum { THREADS = 4, PER_THREAD = 10, WORD = sizeof(long) };
enum { NOTIFICATIONS = THREADS * PER_THREAD, SEGMENT_SIZE = 2 * NOTIFICATIONS * WORD };

static gaspi_rank_t rank;
static gaspi_rank_t next;
static long *words;

/* Posting threads report when they are done and wait until the library is terminated. */
static pthread_mutex_t lifetime_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t lifetime_changed = PTHREAD_COND_INITIALIZER;
static int posters_done;
static int terminated;

static void *poster(void *argument) {
  int thread = (int)(intptr_t)argument;
  gaspi_queue_id_t queue = (gaspi_queue_id_t)(thread % 2);
  for (int k = 0; k < PER_THREAD; ++k) {
    int slot = thread * PER_THREAD + k;
    words[slot] = rank * 100000L + slot;
    gaspi_return_t result;
    while ((result = gaspi_write_notify(
                0, (gaspi_offset_t)slot * WORD, next, 0,
                (gaspi_offset_t)(NOTIFICATIONS + slot) * WORD, WORD, (gaspi_notification_id_t)slot,
                (gaspi_notification_t)slot + 1, queue, GASPI_BLOCK)) == GASPI_QUEUE_FULL)
      OK(gaspi_wait(queue, GASPI_BLOCK));
    OK(result);
    if (k % 5 == 4) OK(gaspi_wait(queue, GASPI_BLOCK));
  }
  OK(gaspi_wait(queue, GASPI_BLOCK));
  pthread_mutex_lock(&lifetime_lock);
  ++posters_done;
  pthread_cond_broadcast(&lifetime_changed);
  while (!terminated) pthread_cond_wait(&lifetime_changed, &lifetime_lock);
  pthread_mutex_unlock(&lifetime_lock);
  return NULL;
}

static int run_count;
static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;

static void *pool_job(void *argument) {
  gaspi_int tid = -1;
  OK(gaspi_threads_get_tid(&tid));
  CHECK(tid >= 0 && tid < 3, "tid %d", tid);
  pthread_mutex_lock(&run_lock);
  run_count += 1 << (4 * tid);
  pthread_mutex_unlock(&run_lock);
  gaspi_threads_sync();
  OK(gaspi_threads_sync_all(GASPI_GROUP_ALL, GASPI_BLOCK));
  (void)argument;
  return NULL;
}

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  next = (gaspi_rank_t)((rank + 1) % num);
  gaspi_rank_t previous = (gaspi_rank_t)((rank + num - 1) % num);
  OK(gaspi_segment_create(0, SEGMENT_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  words = pointer;

  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; ++t)
    CHECK(pthread_create(&threads[t], NULL, poster, (void *)(intptr_t)t) == 0, "thread %d", t);
  /* Meanwhile the main thread collects the previous rank's notifications. */
  int seen[NOTIFICATIONS] = {0};
  for (int received = 0; received < NOTIFICATIONS; ++received) {
    gaspi_notification_id_t id = 0;
    gaspi_notification_t value = 0;
    OK(gaspi_notify_waitsome(0, 0, NOTIFICATIONS, &id, GASPI_BLOCK));
    OK(gaspi_notify_reset(0, id, &value));
    CHECK(id < NOTIFICATIONS && value == id + 1 && !seen[id], "id %u value %u", id, value);
    seen[id] = 1;
    CHECK(words[NOTIFICATIONS + id] == previous * 100000L + id, "data of %u: %ld", id,
          words[NOTIFICATIONS + id]);
  }
  pthread_mutex_lock(&lifetime_lock);
  while (posters_done < THREADS) pthread_cond_wait(&lifetime_changed, &lifetime_lock);
  pthread_mutex_unlock(&lifetime_lock);
  unsigned long notifications = 0;
  OK(gaspi_statistic_counter_get(2, next, &notifications));
  CHECK(notifications == NOTIFICATIONS, "%lu notifications counted", notifications);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  /* The helpers: a pool of 3 (this thread is 0), a job on all of them, a registered thread. */
  gaspi_int cores = 0;
  OK(gaspi_threads_get_num_cores(&cores));
  CHECK(cores >= 1, "%d cores", cores);
  OK(gaspi_threads_init_user(3));
  gaspi_int total = 0;
  OK(gaspi_threads_get_total(&total));
  CHECK(total == 3, "pool of %d", total);
  OK(gaspi_threads_run(pool_job, NULL));
  CHECK(run_count == 0x111, "run_count %x", (unsigned)run_count);
  OK(gaspi_threads_term());
  gaspi_int tid = -1;
  EXPECT(gaspi_threads_get_tid(&tid), GASPI_ERROR);
  OK(gaspi_threads_register(&tid));
  CHECK(tid == 0, "registered as %d", tid);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  pthread_mutex_lock(&lifetime_lock);
  terminated = 1;
  pthread_cond_broadcast(&lifetime_changed);
  pthread_mutex_unlock(&lifetime_lock);
  for (int t = 0; t < THREADS; ++t) pthread_join(threads[t], NULL);
  return 0;
}
