/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@30", "LOAD@36"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 polls the flag with shmem_int_test; the flag increment is not fence-ordered after the data put, so the data may arrive after PE 1 loads it."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];
static int flag;

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
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 1);
        shmem_int_atomic_inc(&flag, 1);
    }
    if (me == 1) {
        while (!shmem_int_test(&flag, SHMEM_CMP_EQ, 1)) { }
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
