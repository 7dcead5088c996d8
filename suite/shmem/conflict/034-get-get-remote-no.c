/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma read", "rma read"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 both read x[0] of PE 1: two remote reads do not conflict."
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
        shmem_int_get(&buf[0], &x[0], 1, 1);
    }
    if (me == 2) {
        shmem_int_get(&buf[1], &x[0], 1, 1);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
