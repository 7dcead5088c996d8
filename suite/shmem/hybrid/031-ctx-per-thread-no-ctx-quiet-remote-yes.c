/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_ctx_int_put@44", "LOAD@58"],
  "NPROCS": 2,
  "DESCRIPTION": "Each of PE 0's two threads creates a private context and puts x[t] of PE 1 on it; after an OpenMP barrier the primary thread calls shmem_barrier_all. The OpenMP barrier orders the puts before the shmem barrier, but shmem_barrier_all completes only the default context, so PE 1's load of x[0] and x[1] after its barrier races with the context puts."
}
RACE LABELS END */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int seen;

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
            // CONFLICT
            shmem_ctx_int_put(ctx, &x[t], &v[t], 1, 1);
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
        // CONFLICT
        seen = x[0] + x[1];
        shmem_barrier_all();
    }
    shmem_barrier_all();
    printf("seen = %d\n", seen);

    shmem_finalize();
    return 0;
}
