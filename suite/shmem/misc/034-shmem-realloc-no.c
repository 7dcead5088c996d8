/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "A block grown with shmem_realloc: PE 0 writes one of the new elements on PE 1 and shmem_barrier_all completes the put before PE 1 loads it."
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
    int *p = shmem_malloc(2 * sizeof(int));
    p = shmem_realloc(p, 8 * sizeof(int));
    p[5] = 0;
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&p[5], &buf, 1, 1);
    }
    shmem_barrier_all();
    if (me == 1) {
        printf("value = %d\n", *(&p[5]));
    }
    shmem_barrier_all();
    shmem_free(p);

    shmem_finalize();
    return 0;
}
