/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_long_put@39", "LOAD@43"],
  "NPROCS": 2,
  "DESCRIPTION": "After the deprecated shmem_broadcast64 the root PE 0 writes ldst of PE 1 with shmem_long_put while PE 1 loads ldst[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

#define NSYNC (SHMEM_REDUCE_SYNC_SIZE + SHMEM_BCAST_SYNC_SIZE + SHMEM_BARRIER_SYNC_SIZE)
static long pSync[NSYNC];
static int src[4];
static long lsrc[2];
static long ldst[2];

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
    lsrc[0] = 5;
    long lv = 9;
    shmem_barrier_all();
    shmem_broadcast64(ldst, lsrc, 1, 0, 0, 0, 2, pSync);
    if (me == 0) {
        // CONFLICT
        shmem_long_put(&ldst[0], &lv, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("(int)ldst[0] = %d\n", (int)ldst[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
