/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "The fetch buffer of shmem_uint_atomic_fetch_and_nbi is loaded after shmem_barrier_all, which completes the operations of the default context."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static unsigned int ux = 7u;

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
    unsigned int old = 0;
    shmem_barrier_all();
    if (me == 0) {
        shmem_uint_atomic_fetch_and_nbi(&old, &ux, 3u, 1);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("old = %u\n", old);

    shmem_finalize();
    return 0;
}
