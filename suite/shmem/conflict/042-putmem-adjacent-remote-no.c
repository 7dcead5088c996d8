/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 writes bytes 0..3 of x on PE 1 with shmem_putmem and PE 2 writes x[1] (bytes 4..7): adjacent, not overlapping."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[8];

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
    int buf[4] = {1, 2, 3, 4};
    shmem_barrier_all();
    if (me == 0) {
        shmem_putmem(&x[0], &buf[0], 4, 1);
    }
    if (me == 2) {
        shmem_int_put(&x[1], &buf[1], 1, 1);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
