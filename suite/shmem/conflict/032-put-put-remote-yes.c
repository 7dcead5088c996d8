/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": ["shmem_int_put@29", "shmem_int_put@33"],
  "NPROCS": 3,
  "DESCRIPTION": "Fig 2.9: PE 0 and PE 2 both write x[0] of PE 1 with shmem_int_put between the same barriers."
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
        shmem_int_put(&x[0], &buf[0], 1, 1);
    }
    if (me == 2) {
        // CONFLICT
        shmem_int_put(&x[0], &buf[1], 1, 1);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
