/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["store", "rma write"],
  "RACE_PAIR": ["STORE@32", "shmem_int_put@36"],
  "NPROCS": 3,
  "DESCRIPTION": "PE 0 stores into PE 1's symmetric heap through a shmem_ptr pointer while PE 2 writes the same element with shmem_int_put."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

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
    int buf = 7;
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
    if (me == 2) {
        // CONFLICT
        shmem_int_put(&p[0], &buf, 1, 1);
    }
    shmem_barrier_all();
    shmem_free(p);

    shmem_finalize();
    return 0;
}
