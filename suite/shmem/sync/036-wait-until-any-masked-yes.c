/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@35", "LOAD@44"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 1 waits with shmem_int_wait_until_any while its status array excludes flags[1]; the wait returns for PE 0's flag only, and PE 1 then loads data[1] that PE 2 may still be writing."
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
        shmem_int_atomic_set(&flags[1], 1, 1);
    }
    if (me == 1) {
        int status[2] = {0, 1};
        size_t i = shmem_int_wait_until_any(flags, 2, status, SHMEM_CMP_EQ, 1);
        printf("flag %zu is set\n", i);
        // CONFLICT
        printf("data[1] = %d\n", data[1]);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
