/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "PE 0 writes field a of the symmetric struct s on PE 1 while PE 1 loads the other field s.b."
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
        shmem_int_put(&s.a, &buf, 1, 1);
    }
    if (me == 1) {
        printf("s.b = %d\n", s.b);
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
