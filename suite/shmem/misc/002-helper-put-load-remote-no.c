/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 loads x[0] in a helper function after shmem_barrier_all has completed PE 0's shmem_int_put."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

static void show(const int *p)
{
    printf("value = %d\n", *p);
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
    shmem_barrier_all();
    if (me == 1) {
        show(&x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
