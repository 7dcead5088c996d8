/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "A race-free exchange with an error path calling shmem_global_exit that is not taken: shmem_barrier_all completes PE 0's put before PE 1 loads x[0]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

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
    int buf = 42;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&x[0], &buf, 1, 1);
    }
    shmem_barrier_all();
    if (me == 1) {
        if (x[0] != 42) {
            fprintf(stderr, "PE %d: unexpected value %d\n", me, x[0]);
            shmem_global_exit(1);
        }
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
