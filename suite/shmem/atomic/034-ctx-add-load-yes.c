/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "load"],
  "RACE_PAIR": ["shmem_ctx_int_atomic_add@31", "LOAD@36"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 adds to x[0] of PE 1 with shmem_ctx_int_atomic_add on a created context while PE 1 loads x[0]."
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
        // CONFLICT
        shmem_ctx_int_atomic_add(ctx, &x[0], 1, 1);
        shmem_ctx_quiet(ctx);
    }
    if (me == 1) {
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    if (me == 0)
        shmem_ctx_destroy(ctx);

    shmem_finalize();
    return 0;
}
