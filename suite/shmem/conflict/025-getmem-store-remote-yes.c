/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["shmem_getmem@29", "STORE@33"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 reads x[0..1] of PE 1 with shmem_getmem while PE 1 stores to x[1]."
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
        // CONFLICT
        shmem_getmem(&buf[0], &x[0], 2 * sizeof(int), 1);
    }
    if (me == 1) {
        // CONFLICT
        x[1] = 42;
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
