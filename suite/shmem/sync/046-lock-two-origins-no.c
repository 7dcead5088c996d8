/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "rma write"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 and PE 2 both write x[0] of PE 1 with shmem_int_p, each inside a critical section on the same distributed lock."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static long lock;

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
    shmem_barrier_all();
    if (me == 0 || me == 2) {
        shmem_set_lock(&lock);
        shmem_int_p(&x[0], me, 1);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
