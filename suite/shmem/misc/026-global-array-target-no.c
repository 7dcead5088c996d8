/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "A global array is symmetric: PE 0 writes garr[3] on PE 1 and shmem_barrier_all completes the put before PE 1 loads garr[3]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

int garr[16];

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
    int buf = 42;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&garr[3], &buf, 1, 1);
    }
    shmem_barrier_all();
    if (me == 1) {
        printf("value = %d\n", *(&garr[3]));
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
