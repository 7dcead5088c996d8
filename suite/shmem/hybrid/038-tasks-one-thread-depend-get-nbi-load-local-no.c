/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "On PE 0 thread 0 creates two tasks while thread 1 waits outside any task scheduling point, so thread 0 runs both, one after the other, at its taskwait. The first gets x[0] of PE 1 into buf with shmem_int_get_nbi and calls shmem_quiet; the second loads buf. The dependence on buf (out, then in) orders the second task after the first, so the load comes after the quiet."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>

static int x[4] = {5, 0, 0, 0};

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_SERIALIZED, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_SERIALIZED) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_SERIALIZED\n");
        shmem_finalize();
        return 1;
    }
    int buf = 1, seen = 0;
    atomic_int finished = 0;
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 1) {
                /* No task scheduling point here: thread 1 runs none of the tasks. */
                while (!atomic_load_explicit(&finished, memory_order_relaxed)) {
                }
            } else {
#pragma omp task depend(out : buf)
                {
                    shmem_int_get_nbi(&buf, &x[0], 1, 1);
                    shmem_quiet();
                }
#pragma omp task depend(in : buf)
                {
                    seen = buf;
                }
#pragma omp taskwait
                atomic_store_explicit(&finished, 1, memory_order_relaxed);
            }
        }
        printf("seen %d\n", seen);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
