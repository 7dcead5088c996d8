/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 3,
  "DESCRIPTION": "PE 1 waits with shmem_int_wait_until_some and loads only the data elements whose flags it reported as set; each flag is fence-ordered after its data."
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
        shmem_int_atomic_set(&flags[1], 1, 1);
    }
    if (me == 1) {
        size_t idx[2];
        size_t n = shmem_int_wait_until_some(flags, 2, idx, NULL, SHMEM_CMP_EQ, 1);
        for (size_t i = 0; i < n; i++)
            if (data[idx[i]] != 40 + 2 * (int)idx[i]) printf("data[%zu] = %d is wrong\n", idx[i], data[idx[i]]);
        shmem_int_wait_until_all(flags, 2, NULL, SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
