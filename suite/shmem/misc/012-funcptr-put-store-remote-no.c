/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 stores to x[1] in a function called through a function pointer while PE 0 writes x[0]: different elements."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

static void set_value(int *p)
{
    *p = 42;
}

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
        shmem_int_put(&x[0], &buf, 1, 1);
    }
    if (me == 1) {
        void (*fn)(int *) = set_value;
        fn(&x[1]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
