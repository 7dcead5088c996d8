/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "A pointer to the source of shmem_int_put_nbi is copied with memcpy; the store through the copy happens after shmem_quiet."
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
        shmem_int_put_nbi(&x[0], &buf[0], 1, 1);
        shmem_quiet();
        *alias = 42;
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
