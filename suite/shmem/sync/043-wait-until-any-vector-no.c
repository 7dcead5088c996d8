/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 1 waits with shmem_int_wait_until_any_vector and loads the data element whose flag satisfied the wait, then waits for the other one and loads it."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int data[2];
static int flags[2];

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
    int buf = 40 + me;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&data[0], &buf, 1, 1);
        shmem_fence();
        shmem_int_atomic_set(&flags[0], 1, 1);
    }
    if (me == 2) {
        shmem_int_put(&data[1], &buf, 1, 1);
        shmem_fence();
        shmem_int_atomic_set(&flags[1], 2, 1);
    }
    if (me == 1) {
        int cmp[2] = {1, 2};
        int status[2] = {0, 0};
        size_t i = shmem_int_wait_until_any_vector(flags, 2, status, SHMEM_CMP_EQ, cmp);
        printf("data[%zu] = %d\n", i, data[i]);
        status[i] = 1;
        i = shmem_int_wait_until_any_vector(flags, 2, status, SHMEM_CMP_EQ, cmp);
        printf("data[%zu] = %d\n", i, data[i]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
