/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": ["shmem_int_put@33", "LOAD@37"],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes field a of the symmetric struct s on PE 1 while PE 1 loads s.a."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

struct pair {
    int a;
    int b;
};
static struct pair s;

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
        shmem_int_put(&s.a, &buf, 1, 1);
    }
    if (me == 1) {
        // CONFLICT
        printf("s.a = %d\n", s.a);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
