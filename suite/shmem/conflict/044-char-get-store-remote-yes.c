/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "store"],
  "RACE_PAIR": ["shmem_char_get@30", "STORE@34"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 reads the bytes s[0..3] of PE 1 with shmem_char_get while PE 1 stores s[3]."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static char s[8] = "abcdefg";

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
    int buf[4] = {1, 2, 3, 4};
    shmem_barrier_all();
    if (me == 0) {
        char c[4];
        // CONFLICT
        shmem_char_get(c, s, 4, 1);
    }
    if (me == 1) {
        // CONFLICT
        s[3] = 'z';
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
