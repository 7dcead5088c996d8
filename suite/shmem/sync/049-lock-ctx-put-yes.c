/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_ctx_int_put@36", "LOAD@43"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes x[0] of PE 1 on a context created with shmem_ctx_create inside a critical section; shmem_clear_lock implies a quiet on the default context only, so the put need not be complete when PE 1 enters its critical section and loads x[0]. PE 1 asks for the lock only after PE 0 announced (an atomic set, before the put) that it holds it, so that PE 0's critical section comes first."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static long lock;
static int acquired;

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
        shmem_set_lock(&lock);
        shmem_int_atomic_set(&acquired, 1, 1);
        // CONFLICT
        shmem_ctx_int_put(ctx, &x[0], &buf, 1, 1);
        shmem_clear_lock(&lock);
    }
    if (me == 1) {
        shmem_int_wait_until(&acquired, SHMEM_CMP_EQ, 1);
        shmem_set_lock(&lock);
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0)
        shmem_ctx_destroy(ctx);

    shmem_finalize();
    return 0;
}
