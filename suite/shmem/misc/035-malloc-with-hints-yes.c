/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@29", "LOAD@33"],
  "NPROCS": 2,
  "DESCRIPTION": "A block from shmem_malloc_with_hints(SHMEM_MALLOC_ATOMICS_REMOTE): a plain put of PE 0 and a load of PE 1 on it still race."
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
