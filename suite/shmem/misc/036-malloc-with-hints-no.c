/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "A block from shmem_malloc_with_hints: shmem_barrier_all completes PE 0's put before PE 1 loads the element."
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
    int *p = shmem_malloc_with_hints(4 * sizeof(int), SHMEM_MALLOC_ATOMICS_REMOTE);
    p[0] = 0;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&p[0], &buf, 1, 1);
    }
    shmem_barrier_all();
    if (me == 1) {
        printf("value = %d\n", *(&p[0]));
    }
    shmem_barrier_all();
    shmem_free(p);

    shmem_finalize();
    return 0;
}
