/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_ctx_int_put@33", "LOAD@41"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes x[0] and sets the flag on a created context, but calls shmem_fence, which orders only the default context: the flag may arrive before the data."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int flag;

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
    if (me == 0 && shmem_ctx_create(0, &ctx) != 0)
        shmem_global_exit(2);
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_ctx_int_put(ctx, &x[0], &buf, 1, 1);
        shmem_fence();
        shmem_ctx_int_atomic_set(ctx, &flag, 1, 1);
        shmem_ctx_quiet(ctx);
    }
    if (me == 1) {
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    if (me == 0)
        shmem_ctx_destroy(ctx);

    shmem_finalize();
    return 0;
}
