/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Fig 6.6: PE 0 polls its signal with shmem_signal_fetch until PE 1's shmem_int_put_signal (SHMEM_SIGNAL_ADD) has arrived; the data of that call is then visible."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>
#include <stdint.h>

static int x[4];
static uint64_t sig;

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
    shmem_barrier_all();
    if (me == 0) {
        while (shmem_signal_fetch(&sig) != 1) { }
        printf("x[0] = %d\n", x[0]);
    }
    if (me == 1) {
        shmem_int_put_signal(&x[0], &buf, 1, &sig, 1, SHMEM_SIGNAL_ADD, 0);
    }
    shmem_barrier_all();

    shmem_finalize();
    return 0;
}
