/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@35", "LOAD@42"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 2 completes a put to x[0] of PE 1 with shmem_quiet, but the deprecated shmem_barrier runs on the active set {0, 1} only: PE 1 is not ordered after PE 2."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
#define NSYNC (SHMEM_REDUCE_SYNC_SIZE + SHMEM_BCAST_SYNC_SIZE + SHMEM_BARRIER_SYNC_SIZE)
static long pSync[NSYNC];
static int src[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 3) {
        if (me == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 42;
    src[0] = me + 1;
    for (int i = 0; i < NSYNC; i++)
        pSync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    if (me == 2) {
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_quiet();
    }
    if (me < 2)
        shmem_barrier(0, 0, 2, pSync);
    if (me == 1) {
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
