/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["shmem_int_put_nbi@33", "STORE@35"],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 6.2: a pointer to the source of shmem_int_put_nbi is copied with memcpy, and the store through the copy happens before shmem_quiet."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static int x[4];

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
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
        int *p = &buf[0];
        int *alias;
        memcpy(&alias, &p, sizeof(p));
        // CONFLICT
        shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
        // CONFLICT
        *alias = 42;
        shmem_quiet();
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
