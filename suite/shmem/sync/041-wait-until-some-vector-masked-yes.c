/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@35", "LOAD@46"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 1 waits with shmem_int_wait_until_some_vector while its status array excludes flags[1]; after it returns for PE 0's flag, the load of data[1] races with PE 2's put."
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
        // CONFLICT
        shmem_int_put(&data[1], &buf, 1, 1);
        shmem_fence();
        shmem_int_atomic_set(&flags[1], 2, 1);
    }
    if (me == 1) {
        int cmp[2] = {1, 2};
        int status[2] = {0, 1};
        size_t idx[2];
        size_t n = shmem_int_wait_until_some_vector(flags, 2, idx, status, SHMEM_CMP_EQ, cmp);
        printf("%zu flag(s) set\n", n);
        // CONFLICT
        printf("data[1] = %d\n", data[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
