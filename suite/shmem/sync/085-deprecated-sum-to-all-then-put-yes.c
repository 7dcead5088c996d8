/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@37", "LOAD@41"],
  "NPROCS": 2,
  "DESCRIPTION": "After the deprecated shmem_int_sum_to_all PE 0 writes dst[0] of PE 1 while PE 1 loads dst[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

#define NSYNC (SHMEM_REDUCE_SYNC_SIZE + SHMEM_BCAST_SYNC_SIZE + SHMEM_BARRIER_SYNC_SIZE)
static long pSync[NSYNC];
static int pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 1];
static int src[4];
static int dst[4];

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
    shmem_int_sum_to_all(dst, src, 1, 0, 0, 2, pWrk, pSync);
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&dst[0], &buf, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("dst[0] = %d\n", dst[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
