/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The deprecated active-set shmem_barrier(0, 0, 2, pSync) completes the outstanding put of PE 0 (like shmem_barrier_all) before PE 1 loads x[0]."
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
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf = 42;
    src[0] = me + 1;
    for (int i = 0; i < NSYNC; i++)
        pSync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_quiet();
    }
    shmem_barrier(0, 0, 2, pSync);
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
