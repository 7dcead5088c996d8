/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_int_get is complete when it returns; after shmem_sync_all PE 1 may overwrite x[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

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
    int buf = 0;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_get(&buf, &x[0], 1, 1);
    }
    shmem_sync_all();
    if (me == 1) {
        x[0] = 42;
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
