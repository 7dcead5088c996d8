/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_put@28", "LOAD@31"],
  "NPROCS": 3,
  "DESCRIPTION": "Benchmark style with C11 generics: every PE sends a value to its right neighbour with shmem_put and synchronises with shmem_sync(SHMEM_TEAM_WORLD), which does not complete the puts, before loading the received value."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

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
    static int recv;
    int npes = shmem_n_pes();
    int val = 100 + me;
    shmem_barrier_all();
    // CONFLICT
    shmem_put(&recv, &val, 1, (me + 1) % npes);
    shmem_sync(SHMEM_TEAM_WORLD);
    // CONFLICT
    printf("PE %d received %d\n", me, recv);
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
