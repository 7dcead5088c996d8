/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes an int of a zeroed shmem_calloc block on PE 1 and completes it with shmem_quiet before shmem_sync_all; PE 1 loads it afterwards."
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
    int *p = shmem_calloc(4, sizeof(int));
    shmem_barrier_all();
    if (me == 0) {
        shmem_int_put(&p[1], &buf, 1, 1);
    }
    if (me == 0)
        shmem_quiet();
    shmem_sync_all();
    if (me == 1) {
        printf("value = %d\n", *(&p[1]));
    }
    shmem_barrier_all();
    shmem_free(p);

    shmem_finalize();
    return 0;
}
