/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "store"],
  "RACE_PAIR": ["shmem_int_put@32", "STORE@005-othertu-put-store-remote-yes.helper.c:7"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 1 stores to x[0] through a function in another translation unit while PE 0 writes x[0] with shmem_int_put."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

/* defined in the .helper.c companion file */
void store_value(int *p, int value);

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
    int buf = 1;
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_put(&x[0], &buf, 1, 1);
    }
    if (me == 1) {
        store_value(&x[0], 42);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
