/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@30", "LOAD@36"],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 2.10a: without shmem_fence the data put and the atomic flag update may arrive in any order; PE 1 loads x[0] after seeing the flag while the data may be in flight."
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
        shmem_int_atomic_set(&flag, 1, 1);
    }
    if (me == 1) {
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
        // CONFLICT
        printf("x[0] = %d\n", x[0]);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
