/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "memcpy reads the destination of shmem_int_get_nbi after shmem_quiet."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

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
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
        int copy;
        shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
        shmem_quiet();
        memcpy(&copy, &buf[0], sizeof(int));
        printf("copy = %d\n", copy);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
