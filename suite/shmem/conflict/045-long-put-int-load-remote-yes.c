/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_long_put@30", "LOAD@35"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes the long l of PE 1 with shmem_long_put while PE 1 loads the first int inside it through an int pointer."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static long l;

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
        long v = 77;
        // CONFLICT
        shmem_long_put(&l, &v, 1, 1);
    }
    if (me == 1) {
        int *p = (int *)&l;
        // CONFLICT
        printf("low part = %d\n", *p);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
