/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Twin of 031: each thread of PE 0 completes the put on its private context with shmem_ctx_quiet before the OpenMP barrier that orders it before the primary thread's shmem_barrier_all, after which PE 1 loads x[0] and x[1]."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    if (provided < SHMEM_THREAD_MULTIPLE) {
        if (me == 0)
            fprintf(stderr, "this test needs SHMEM_THREAD_MULTIPLE\n");
        shmem_finalize();
        return 1;
    }
    int v[2] = {42, 43};
    shmem_barrier_all();
    if (me == 0) {
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
            shmem_ctx_t ctx;
            if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0)
                shmem_global_exit(2);
            shmem_ctx_int_put(ctx, &x[t], &v[t], 1, 1);
            shmem_ctx_quiet(ctx);
#pragma omp barrier
#pragma omp masked
            shmem_barrier_all();
#pragma omp barrier
#pragma omp masked
            shmem_barrier_all();
#pragma omp barrier
            shmem_ctx_destroy(ctx);
        }
    }
    if (me == 1) {
        shmem_barrier_all();
        printf("x = %d %d\n", x[0], x[1]);
        shmem_barrier_all();
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
