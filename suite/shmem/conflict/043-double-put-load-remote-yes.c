/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_double_put@30", "LOAD@34"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes d[0] of PE 1 with shmem_double_put while PE 1 loads d[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static double d[2];

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
        double v = 2.5;
        // CONFLICT
        shmem_double_put(&d[0], &v, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("d[0] = %f\n", d[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
