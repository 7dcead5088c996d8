/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["shmem_int_get@31", "STORE@37"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 overwrites x with memcpy while PE 0 reads x[1] with shmem_int_get."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static int x[4];

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
    int buf = 1;
    shmem_barrier_all();
    if (me == 0) {
        int v;
        // CONFLICT
        shmem_int_get(&v, &x[1], 1, 1);
        printf("v = %d\n", v);
    }
    if (me == 1) {
        int src[4] = {5, 6, 7, 8};
        // CONFLICT
        memcpy(x, src, sizeof(src));
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
