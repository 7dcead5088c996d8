/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_ctx_int_atomic_fetch_add_nbi@32", "LOAD@35"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 issues shmem_ctx_int_atomic_fetch_add_nbi on a created context and calls shmem_quiet, which completes only the default context: the fetch buffer is read while it may still be written."
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
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    if (me == 0 && shmem_ctx_create(0, &ctx) != 0)
        shmem_global_exit(2);
    shmem_barrier_all();
    if (me == 0) {
        int old = -1;
        // CONFLICT
        shmem_ctx_int_atomic_fetch_add_nbi(ctx, &old, &x[0], 2, 1);
        shmem_quiet();
        // CONFLICT
        printf("old = %d\n", old);
        shmem_ctx_quiet(ctx);
    }
    shmem_barrier_all();
    if (me == 0)
        shmem_ctx_destroy(ctx);

    shmem_finalize();
    return 0;
}
