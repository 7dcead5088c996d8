/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "shmem_quiet completes the data put before the atomic flag update; PE 1 waits for the flag with shmem_int_wait_until and then loads x[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int flag;

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
    int buf = 42;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_quiet();
        shmem_int_atomic_set(&flag, 1, 1);
    }
    if (me == 1) {
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
