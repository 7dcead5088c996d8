/* Two OpenMP threads of every rank post gaspi_write_notify on queues of their own at the same
 * time (disjoint sources and targets), then wait for their queue. GASPI allows posting from any
 * thread; the library's own MPI calls inside a posting call must not let the tool's lock and the
 * library's lock be taken in opposite orders (this deadlocked). Race-free; nobody reads the
 * targets. */
#include <GASPI.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { kPosts = 100, kSlice = 8192, kTargets = 32768, kSegment = 1 << 16 };

static void check(gaspi_return_t result, const char *call) {
  if (result != GASPI_SUCCESS) {
    fprintf(stderr, "%s failed\n", call);
    exit(1);
  }
}

int main(void) {
  check(gaspi_proc_init(GASPI_BLOCK), "gaspi_proc_init");
  gaspi_rank_t me, nprocs;
  gaspi_proc_rank(&me);
  gaspi_proc_num(&nprocs);
  check(gaspi_segment_create(0, kSegment, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED),
        "gaspi_segment_create");
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < kPosts; k++)
      check(gaspi_write_notify(0, t * kSlice + k * 8, (me + 1) % nprocs, 0,
                               kTargets + t * kSlice + k * 8, 8,
                               (gaspi_notification_id_t)(t * kPosts + k), 1, (gaspi_queue_id_t)t,
                               GASPI_BLOCK),
            "gaspi_write_notify");
    check(gaspi_wait((gaspi_queue_id_t)t, GASPI_BLOCK), "gaspi_wait");
  }
  check(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK), "gaspi_barrier");
  printf("rank %d done\n", me);
  check(gaspi_proc_term(GASPI_BLOCK), "gaspi_proc_term");
  return 0;
}
