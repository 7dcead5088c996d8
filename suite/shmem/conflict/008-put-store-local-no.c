/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The blocking shmem_int_put has finished reading its source buffer when it returns, so the later store to the buffer is safe (the remote write may still be in flight, but that does not involve buf)."
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
        shmem_int_put(&x[0], &buf[0], 1, 1);
        buf[0] = 42;
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
