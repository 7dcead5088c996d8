/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@29", "LOAD@33"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes the first int of a 64-byte aligned shmem_align block on PE 1 while PE 1 loads it."
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
    int *p = shmem_align(64, 4 * sizeof(int));
    p[0] = 0;
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&p[0], &buf, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("value = %d\n", *(&p[0]));
    }
    shmem_barrier_all();
    shmem_free(p);

    shmem_finalize();
    return 0;
}
