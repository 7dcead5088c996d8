/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_put64@31", "LOAD@35"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes y[1] of PE 1 with the sized shmem_put64 while PE 1 loads y[1]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <stdint.h>

static int64_t y[4];

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
        int64_t v[2] = {5, 6};
        // CONFLICT
        shmem_put64(&y[0], v, 2, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("y[1] = %ld\n", (long)y[1]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
