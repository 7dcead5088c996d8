/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_int_get_nbi@31", "LOAD@33"],
  "NPROCS": 2,
  "DESCRIPTION": "memcpy reads the destination of shmem_int_get_nbi before shmem_quiet."
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
        // CONFLICT
        shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
        // CONFLICT
        memcpy(&copy, &buf[0], sizeof(int));
        shmem_quiet();
        printf("copy = %d\n", copy);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
