/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["shmem_int_get_nbi@29", "STORE@34"],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_int_get_nbi is not complete before shmem_quiet; shmem_sync_all does not complete it, so PE 1 may overwrite x[0] while it is being read."
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
        // CONFLICT
        shmem_int_get_nbi(&buf, &x[0], 1, 1);
    }
    shmem_sync_all();
    if (me == 1) {
        // CONFLICT
        x[0] = 42;
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
