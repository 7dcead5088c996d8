/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "A SHMEM_CTX_PRIVATE context: shmem_ctx_quiet on it completes the put before shmem_sync_all."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 42;
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    if (me == 0 && shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0)
        shmem_global_exit(2);
    shmem_barrier_all();
    if (me == 0) {
        shmem_ctx_int_put(ctx, &x[0], &buf, 1, 1);
        shmem_ctx_quiet(ctx);
    }
    shmem_sync_all();
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    if (me == 0) {
        shmem_ctx_destroy(ctx);
    }

    shmem_finalize();
    return 0;
}
