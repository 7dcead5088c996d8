/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 overwrites x with memcpy after shmem_barrier_all; PE 0 read x[1] with the blocking shmem_int_get before it."
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
        shmem_int_get(&v, &x[1], 1, 1);
        printf("v = %d\n", v);
    }
    shmem_barrier_all();
    if (me == 1) {
        int src[4] = {5, 6, 7, 8};
        memcpy(x, src, sizeof(src));
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
