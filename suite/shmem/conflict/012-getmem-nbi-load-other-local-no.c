/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_getmem_nbi writes buf[0..1] only; loading buf[2] before shmem_quiet does not touch the destination range."
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
        shmem_getmem_nbi(&buf[0], &x[0], 2 * sizeof(int), 1);
        printf("buf[2] = %d\n", buf[2]);
        shmem_quiet();
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
