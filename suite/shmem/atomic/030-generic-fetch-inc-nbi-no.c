/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma atomic write", "local buffer write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "Benchmark style with C11 generics: PE 0 and PE 2 take tickets from lx of PE 1 with shmem_atomic_fetch_inc_nbi and read them after shmem_quiet."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long lx;

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
    long ticket = -1;
    shmem_barrier_all();
    if (me != 1) {
        shmem_atomic_fetch_inc_nbi(&ticket, &lx, 1);
        shmem_quiet();
        printf("a PE got ticket %ld\n", ticket);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
