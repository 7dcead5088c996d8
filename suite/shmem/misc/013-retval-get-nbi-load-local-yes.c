/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["shmem_int_get_nbi@34", "LOAD@37"],
  "NPROCS": 2,
  "DESCRIPTION": "The destination of shmem_int_get_nbi is loaded through a pointer returned by a function, before shmem_quiet."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

static int *pick(int *base, int i)
{
    return base + i;
}

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
        // CONFLICT
        shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
        int *p = pick(buf, 0);
        // CONFLICT
        printf("value = %d\n", *p);
        shmem_quiet();
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
