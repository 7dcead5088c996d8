/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "C11 generic shmem_get reads x[0] of PE 1 while PE 1 loads x[0]: no conflict."
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
        shmem_get(&buf[0], &x[0], 1, 1);
    }
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
