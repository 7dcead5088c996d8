/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The root PE 0 completes a put to x[0] of PE 1 before shmem_int_broadcast (root 0); PE 1 receives the root's data, so it leaves the broadcast after the root entered it and its load of x[0] is ordered."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int src[4];
static int dst[8];

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
    src[0] = me + 1;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_quiet();
    }
    shmem_int_broadcast(SHMEM_TEAM_WORLD, dst, src, 1, 0);
    if (me == 1) {
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
