/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["store", "load"],
  "RACE_PAIR": ["STORE@31", "LOAD@35"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 stores directly into PE 1's symmetric heap through a shmem_ptr pointer while PE 1 loads the same element: a shared-memory race."
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
    int *p = shmem_malloc(4 * sizeof(int));
    p[0] = 0;
    int *remote = shmem_ptr(p, 1);
    if (me == 0 && remote == NULL)
        fprintf(stderr, "shmem_ptr returned NULL: PE 1 is not load/store accessible\n");
    shmem_barrier_all();
    if (me == 0 && remote != NULL) {
        // CONFLICT
        *remote = 42;
    }
    if (me == 1) {
        // CONFLICT
        printf("p[0] = %d\n", p[0]);
    }
    shmem_barrier_all();
    shmem_free(p);

    shmem_finalize();
    return 0;
}
