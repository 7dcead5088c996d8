/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": ["shmem_int_iput@29", "shmem_int_iput@33"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 writes x[0], x[2], x[4] (target stride 2) and PE 2 writes x[1], x[4], x[7] (target stride 3) of PE 1 with shmem_int_iput: both strided patterns hit x[4]."
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
        // CONFLICT
        shmem_int_iput(&x[0], &buf[0], 2, 1, 3, 1);
    }
    if (me == 2) {
        // CONFLICT
        shmem_int_iput(&x[1], &buf[0], 3, 1, 3, 1);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
