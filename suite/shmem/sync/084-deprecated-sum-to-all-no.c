/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The deprecated shmem_int_sum_to_all writes dst on both PEs; PE 1 loads dst[0] after it returned."
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
    if (me == 1) {
        printf("dst[0] = %d\n", dst[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
