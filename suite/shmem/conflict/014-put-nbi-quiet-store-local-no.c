/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The source of shmem_int_put_nbi is overwritten only after shmem_quiet has completed the put."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[8];

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
    int buf[4] = {1, 2, 3, 4};
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
        shmem_quiet();
        buf[0] = 42;
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
