/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@28", "LOAD@32"],
  "NPROCS": 2,
  "DESCRIPTION": "A static variable declared inside main is symmetric: PE 0 writes it on PE 1 with shmem_int_put while PE 1 loads it."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

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
    static int counter;
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&counter, &buf, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("value = %d\n", *(&counter));
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
