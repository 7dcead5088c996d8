/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "rma atomic write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 both increment lx of PE 1 with shmem_long_atomic_fetch_inc (a ticket counter)."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;
static int x[4];

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
    shmem_barrier_all();
    if (me == 0) {
        long t = shmem_long_atomic_fetch_inc(&lx, 1);
        printf("ticket %ld\n", t);
    }
    if (me == 2) {
        long t = shmem_long_atomic_fetch_inc(&lx, 1);
        printf("ticket %ld\n", t);
    }
    shmem_barrier_all();
    if (me == 1)
        printf("x[0] = %d, lx = %ld\n", x[0], lx);

    shmem_finalize();
    return 0;
}
