/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_atomic_fetch_inc_nbi@29", "LOAD@31"],
  "NPROCS": 3,
  "DESCRIPTION": "Benchmark style with C11 generics: the ticket fetched with shmem_atomic_fetch_inc_nbi is read before shmem_quiet."
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
    if (me == 0) {
        // CONFLICT
        shmem_atomic_fetch_inc_nbi(&ticket, &lx, 1);
        // CONFLICT
        printf("PE %d got ticket %ld\n", me, ticket);
        shmem_quiet();
    }
    if (me == 2) {
        shmem_atomic_fetch_inc_nbi(&ticket, &lx, 1);
        shmem_quiet();
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
