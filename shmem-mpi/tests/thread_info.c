/* shmem_init_thread/query_thread with SHMEM_THREAD_MULTIPLE, info routines, pcontrol,
 * deprecated start-up names, and RMA from two threads. */
/* NPROCS: 2 */
#include "check.h"

#include <pthread.h>
#include <string.h>

static long slots[2];

static void *worker(void *arg) {
  int me = shmem_my_pe();
  long value = 10 * me + (long)(intptr_t)arg;
  shmem_long_p(&slots[(intptr_t)arg], value, 1 - me);
  shmem_quiet();
  return NULL;
}

int main(void) {
  int provided = -1;
  CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init_thread");
  CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
  int queried = -1;
  shmem_query_thread(&queried);
  CHECK(queried == provided, "query_thread %d", queried);
  int major = 0, minor = 0;
  shmem_info_get_version(&major, &minor);
  CHECK(major == 1 && minor == 5 && SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION == 5,
        "version %d.%d", major, minor);
  char name[SHMEM_MAX_NAME_LEN];
  shmem_info_get_name(name);
  CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0, "name %s", name);
  shmem_pcontrol(1);
  shmem_pcontrol(2, "ignored");
  CHECK(_my_pe() == shmem_my_pe() && _num_pes() == shmem_n_pes(), "deprecated names");
  start_pes(0); /* already initialised: no effect */
  pthread_t threads[2];
  for (intptr_t i = 0; i < 2; ++i) pthread_create(&threads[i], NULL, worker, (void *)i);
  for (int i = 0; i < 2; ++i) pthread_join(threads[i], NULL);
  shmem_barrier_all();
  int other = 1 - shmem_my_pe();
  CHECK(slots[0] == 10 * other && slots[1] == 10 * other + 1, "puts from threads");
  shmem_finalize();
  return 0;
}
